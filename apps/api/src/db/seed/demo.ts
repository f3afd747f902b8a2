import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../database";

// Built by the foundation issue: realistic demo records on a new embedded database.
export async function seedDemoData(_db: Db, _options: { log: FastifyBaseLogger; businessTimeZone: string }) {}
