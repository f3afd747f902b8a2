import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    [
      "PostgreSQL shutting down (57P01)",
      withCode("57P01", "terminating connection due to administrator command"),
    ],
    ["PostgreSQL starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["a connection failure (08006)", withCode("08006")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a pool that could not connect in time", new Error("timeout exceeded when trying to connect")],
    [
      "every address of the host refusing",
      Object.assign(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]), {
        code: undefined,
      }),
    ],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a SQLite constraint", withCode("SQLITE_CONSTRAINT_UNIQUE")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["no error at all", undefined],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
