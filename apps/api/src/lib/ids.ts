import { randomUUID } from "node:crypto";
import { MAX_DB_INTEGER } from "@visadesk/contract/common-constants";

export const newGuid = (): string => randomUUID();

/**
 * Digits that can name a row by its numeric id. Ids are integers within the columns' range, so a longer
 * run of digits names no row: callers look it up as a guidId and find nothing (PostgreSQL would refuse
 * the out-of-range number with an error instead).
 */
export const isNumericId = (reference: string): boolean =>
  /^\d{1,10}$/.test(reference) && Number(reference) <= MAX_DB_INTEGER;

/** The column a reference names its row by: a guidId, or a numeric id written as digits. */
export const byReference = (reference: string | number) =>
  typeof reference === "number" || isNumericId(reference)
    ? ({ column: "id", value: Number(reference) } as const)
    : ({ column: "guidId", value: reference } as const);
