import fc from "fast-check";
import { expect, it } from "vitest";
import { fromSchema, hostileValue, jsonText, pathOf } from "./hostile";
import { type FuzzTarget, fuzz, runsFor, useFuzzApp } from "./support";

const suite = useFuzzApp();

/** A body shaped by the route's schema when it declares one (so most get past validation), else anything. */
function bodyOf(target: FuzzTarget, ids: Record<string, string[]>) {
  const shaped = target.body ? fromSchema(target.body, ids) : hostileValue;
  return shaped.map((value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value },
  );
}

it("JSON bodies, random and hostile, to every route that takes a body: no 5xx, readable 4xx, nothing stored when refused", async () => {
  const ids = { ...suite.samples };
  const allIds = Object.values(ids).flat();
  let sent = 0;
  const writes = suite.targets.filter((target) => target.method !== "GET");
  expect(writes.length).toBeGreaterThan(10);
  for (const target of writes) {
    for (const signedIn of [true, false]) {
      // Unauthenticated, a protected route stops at the token check: a few runs show it holds.
      const runs = runsFor(target, signedIn ? 60 : target.public ? 30 : 8);
      const request = fc.record({
        path: pathOf(target.url, allIds, 0.2),
        payload: jsonText(bodyOf(target, ids)),
        contentType: fc.constantFrom(
          "application/json",
          "application/json; charset=utf-8",
          "application/json; charset=latin1",
        ),
      });
      await fuzz(request, runs, async ({ path, payload, contentType }) => {
        sent += 1;
        await suite.send({
          method: target.method as "POST",
          url: path,
          payload,
          headers: { ...(signedIn ? suite.adminHeaders() : {}), "content-type": contentType },
        });
      });
    }
  }
  console.info(`JSON bodies: ${sent} requests to ${writes.length} routes`);
});
