import type { Generated } from "kysely";
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
  /**
   * Someone's personal picture (an app user's, a staff member's, any CNIC image): served `private` and
   * revalidated, so an erased one stays in no cache. False only for consultants' public images (migration 030).
   */
  isPersonal: Generated<boolean>;
  createdAt: Timestamp;
  createdBy: string | null;
}
