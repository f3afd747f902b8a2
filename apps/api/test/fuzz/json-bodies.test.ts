import fc from "fast-check";
import { expect, it } from "vitest";
import { examples, mutated } from "./examples";
import { fromSchema, hostileValue, jsonText, pathOf } from "./hostile";
import {
  FUZZ_TIMEOUT,
  type FuzzTarget,
  fuzz,
  readEverything,
  runsFor,
  type Samples,
  useFuzzApp,
} from "./support";

const suite = useFuzzApp();

/**
 * A body shaped by the route's schema when it declares one, else anything; and where the route has a
 * valid example, that example with a few fields changed (in an array for a route that takes a list).
 */
function bodyOf(target: FuzzTarget, samples: Samples): fc.Arbitrary<unknown> {
  const shaped = target.body ? fromSchema(target.body, samples) : hostileValue;
  const example = examples(samples)[`${target.method} ${target.url}`];
  if (!example) return shaped;
  const changed = mutated(example, hostileValue);
  const asBody = target.body?.type === "array" ? changed.map((item) => [item]) : changed;
  return fc.oneof(shaped, asBody);
}

it(
  "JSON bodies, random and hostile, to every route that takes a body: no 5xx, readable 4xx, nothing stored when refused",
  async () => {
    const allIds = Object.values(suite.samples).flat();
    let sent = 0;
    const writes = suite.targets.filter((target) => target.method !== "GET");
    expect(writes.length).toBeGreaterThan(10);
    for (const target of writes) {
      for (const signedIn of [true, false]) {
        // Unauthenticated, a protected route stops at the token check: a few runs show it holds.
        const runs = runsFor(target, signedIn ? 60 : target.public ? 30 : 8);
        const request = fc.record({
          path: pathOf(target.url, allIds, 0.2),
          payload: jsonText(bodyOf(target, suite.samples)),
          contentType: fc.constantFrom(
            "application/json",
            "application/json; charset=utf-8",
            "application/json; charset=latin1",
          ),
        });
        await fuzz(request, runs, async ({ path, payload, contentType }) => {
          sent += 1;
          await suite.send(
            {
              method: target.method as "POST",
              url: path,
              payload,
              headers: { ...(signedIn ? suite.adminHeaders() : {}), "content-type": contentType },
            },
            target,
          );
        });
      }
    }
    console.info(`JSON bodies: ${sent} requests to ${writes.length} routes`);
  },
  FUZZ_TIMEOUT,
);

it(
  "serves back every record the JSON bodies stored: no 5xx on any list or detail",
  async () => {
    expect(await readEverything(suite)).toBeGreaterThan(50);
  },
  FUZZ_TIMEOUT,
);
