import fc from "fast-check";
import { expect, it } from "vitest";
import { pathOf, queryOf } from "./hostile";
import { FUZZ_TIMEOUT, fuzz, runsFor, useFuzzApp } from "./support";

const suite = useFuzzApp();

it(
  "query strings, random and hostile, to every route: no 5xx, readable 4xx, nothing stored when refused",
  async () => {
    const ids = Object.values(suite.samples).flat();
    let sent = 0;
    expect(suite.targets.length).toBeGreaterThan(20);
    for (const target of suite.targets) {
      for (const signedIn of [true, false]) {
        const runs = runsFor(target, signedIn ? (target.query ? 50 : 15) : target.public ? 15 : 4);
        const request = fc.record({ path: pathOf(target.url, ids, 0.2), query: queryOf(target.query) });
        await fuzz(request, runs, async ({ path, query }) => {
          sent += 1;
          await suite.send(
            {
              method: target.method as "GET",
              url: `${path}?${query}`,
              headers: signedIn ? suite.adminHeaders() : {},
            },
            target,
          );
        });
      }
    }
    console.info(`Query strings: ${sent} requests to ${suite.targets.length} routes`);
  },
  FUZZ_TIMEOUT,
);

it(
  "path parameters, random and hostile (not ids, huge, encoded, ids of other or deleted records), to every route that has them",
  async () => {
    const ids = Object.values(suite.samples).flat();
    let sent = 0;
    const withParams = suite.targets.filter((target) => /[:*]/.test(target.url));
    expect(withParams.length).toBeGreaterThan(5);
    for (const target of withParams) {
      for (const signedIn of [true, false]) {
        const runs = runsFor(target, signedIn ? 60 : 10);
        await fuzz(pathOf(target.url, ids, 0.6), runs, async (path) => {
          sent += 1;
          await suite.send(
            {
              method: target.method as "GET",
              url: path,
              headers: signedIn ? suite.adminHeaders() : {},
            },
            target,
          );
        });
      }
    }
    console.info(`Path parameters: ${sent} requests to ${withParams.length} routes`);
  },
  FUZZ_TIMEOUT,
);
