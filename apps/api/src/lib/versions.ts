import { MAX_DB_INTEGER, serverMessages } from "@visadesk/contract/common-constants";
import type { FastifyRequest } from "fastify";
import { AppError, ValidationError } from "./errors";

/** 409: the update or delete was based on a version of the record that is no longer the stored one. */
export class StaleVersion extends AppError {
  constructor() {
    super(409, serverMessages.staleVersion);
  }
}

/** `"3"` or `W/"3"` (a version as an entity tag); `*` asks for no check. */
const entityTag = /^\s*(?:W\/)?"(\d{1,10})"\s*$/;

/**
 * The version a write was based on: the body's `version`, or the standard If-Match header holding it.
 * Undefined when neither is sent: the write is then not checked (the spec's own client calls send none).
 */
export function expectedVersion(request: FastifyRequest, fromBody: number | undefined): number | undefined {
  const header = request.headers["if-match"];
  if (header === undefined || header.trim() === "*") return fromBody;
  const match = entityTag.exec(header);
  const fromHeader = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(fromHeader) || fromHeader < 1) {
    throw new ValidationError({ version: serverMessages.ifMatchInvalid });
  }
  if (fromBody !== undefined && fromBody !== fromHeader) {
    throw new ValidationError({ version: serverMessages.versionMismatch });
  }
  return fromHeader;
}

/** The version field of a multipart form ("version" or "Version"); undefined when absent or blank. */
export function versionField(fields: Record<string, string | undefined>): number | undefined {
  const raw = (fields.version ?? fields.Version)?.trim();
  if (!raw) return undefined;
  const version = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1 || version > MAX_DB_INTEGER) {
    throw new ValidationError({ version: serverMessages.versionInvalid });
  }
  return version;
}
