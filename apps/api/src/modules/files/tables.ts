import type {} from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the files module owns (db/table-owners.ts): only it queries them. */
export interface FilesTables {
  files: FilesTable;
}

export interface FilesTable {
  /** Server-made random id; also the file's name in its URL. */
  id: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** A small WebP copy for lists (null for images stored before thumbnails: made on first ask). */
  thumbnail: Buffer | null;
  /** Personal data (CNIC images): served only to a signed-in back-office user. */
  isPrivate: boolean;
  createdAt: Timestamp;
  createdBy: string | null;
}
