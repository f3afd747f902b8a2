import { serverMessages } from "@visadesk/contract/common-constants";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ValidationError } from "../lib/errors";

/**
 * The path (as the error plugin keys field errors, "timings.0.monday") of the first text holding a NUL
 * character, keys included; null when there is none. No real input carries one, SQLite would store it
 * and PostgreSQL refuses it with an error (a 500), so both engines refuse it the same way, up front.
 */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : null;
  // The JSON parser bounds nesting; this bound only keeps a hostile structure from costing a deep walk.
  if (value === null || typeof value !== "object" || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\0")].join(".");
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a NUL character in the path parameters, the query string or a JSON body with a 400. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field !== null) return done(new ValidationError({ [field]: serverMessages.nulCharacter }));
    }
    done();
  });
});
