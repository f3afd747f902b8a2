import { randomUUID } from "node:crypto";

export const newGuid = (): string => randomUUID();
export const nowIso = (at: Date): string => at.toISOString();
