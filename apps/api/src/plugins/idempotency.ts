import { createHash } from "node:crypto";
import { IDEMPOTENCY_KEY_HOURS } from "@visadesk/contract/customer-bookings";
import type { Db } from "#api/db/database";
import type { Executor } from "#api/db/schema";
import type { Clock } from "#api/lib/clock";
import { AppError, Conflict } from "#api/lib/errors";

/** What an Idempotency-Key's refusals say (the endpoint's own catalogued texts). */
export interface IdempotencyMessages {
  reused: string;
  inFlight: string;
}

/** A first request that never finished (its process died) frees its key after this long. */
const ABANDONED_MS = 2 * 60_000;

/** The body's JSON with its keys in order: the same fields in another order are the same request. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** An earlier refusal answered again: the same status, text and field errors. */
class ReplayedRefusal extends AppError {}

/** A keyed create's answer: `replayed` when it is the stored answer of an earlier request, with its status. */
export interface IdempotentAnswer<T> {
  answer: T;
  replayed: boolean;
  status: number;
}

/**
 * Runs a create at most once per Idempotency-Key of an account (stored in the database, so every replica
 * agrees): the first request with a key reserves it with its body's hash, runs, and stores its answer (a
 * success or a refusal of 4xx; a failure of the server frees the key for a retry). A later request with the
 * key and the same body gets that answer again, marked Idempotent-Replayed: true; with another body, 422;
 * while the first still runs, 409. Keys older than IDEMPOTENCY_KEY_HOURS are deleted as keyed requests come.
 * Without a key, `run` simply runs.
 */
export async function idempotent<T>(
  deps: { db: Db; clock: Clock },
  request: {
    accountId: number;
    operation: string;
    key: string | undefined;
    body: unknown;
    /** The status of a success (201 for a create). */
    successStatus: number;
  },
  messages: IdempotencyMessages,
  run: () => Promise<T>,
): Promise<IdempotentAnswer<T>> {
  const { key, successStatus } = request;
  if (key === undefined) return { answer: await run(), replayed: false, status: successStatus };
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const requestHash = createHash("sha256").update(stableJson(request.body)).digest("hex");
  const which = { accountId: request.accountId, operation: request.operation, key };
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString();
  await db.deleteFrom("idempotencyKeys").where("createdAt", "<", cutoff).execute();

  const reserve = async () =>
    Number(
      (
        await db
          .insertInto("idempotencyKeys")
          .values({ ...which, requestHash, status: null, answer: null, createdAt: now.toISOString() })
          .onConflict((conflict) => conflict.columns(["accountId", "operation", "key"]).doNothing())
          .executeTakeFirst()
      ).numInsertedOrUpdatedRows ?? 0,
    ) > 0;
  const thisKey = () =>
    db
      .deleteFrom("idempotencyKeys")
      .where("accountId", "=", which.accountId)
      .where("operation", "=", which.operation)
      .where("key", "=", which.key);

  let reserved = await reserve();
  if (!reserved) {
    const earlier = await db
      .selectFrom("idempotencyKeys")
      .select(["requestHash", "status", "answer", "createdAt"])
      .where("accountId", "=", which.accountId)
      .where("operation", "=", which.operation)
      .where("key", "=", which.key)
      .executeTakeFirst();
    if (earlier && earlier.requestHash !== requestHash) {
      throw new AppError(422, messages.reused, { "idempotency-key": messages.reused });
    }
    if (earlier && earlier.status !== null) {
      const answer = JSON.parse(earlier.answer ?? "null");
      if (earlier.status >= 400) {
        throw new ReplayedRefusal(earlier.status, answer.message, answer.fieldErrors ?? undefined);
      }
      return { answer: answer as T, replayed: true, status: earlier.status };
    }
    const startedAt = earlier ? new Date(earlier.createdAt).getTime() : now.getTime();
    if (earlier && now.getTime() - startedAt < ABANDONED_MS) throw new Conflict(messages.inFlight);
    // Gone meanwhile, or left by a request that never finished: this one takes the key.
    await thisKey().where("status", "is", null).execute();
    reserved = await reserve();
    if (!reserved) throw new Conflict(messages.inFlight);
  }

  const store = (status: number, answer: unknown) =>
    db
      .updateTable("idempotencyKeys")
      .set({ status, answer: JSON.stringify(answer) })
      .where("accountId", "=", which.accountId)
      .where("operation", "=", which.operation)
      .where("key", "=", which.key)
      .execute();
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
      await store(error.statusCode, { message: error.message, fieldErrors: error.fieldErrors ?? null });
    } else {
      await thisKey().execute();
    }
    throw error;
  }
  await store(successStatus, answer);
  return { answer, replayed: false, status: successStatus };
}

/** Forgets every key of an account and the answers kept with them (an erased customer's bookings). */
export async function forgetIdempotencyKeys(db: Executor, accountId: number) {
  await db.deleteFrom("idempotencyKeys").where("accountId", "=", accountId).execute();
}
