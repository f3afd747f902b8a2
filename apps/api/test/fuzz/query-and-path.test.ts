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

it(
  "malformed URLs (broken percent codes anywhere, over-long parts, odd dots and slashes) to every route: the product's error shape",
  async () => {
    let sent = 0;
    const broken = fc.constantFrom(
      "%",
      "%Z",
      "%ZZ",
      "%E0%A4%A",
      "%ff",
      "%C0%80",
      "%ED%A0%80",
      "%%",
      "%u0041",
    );
    const part = fc.oneof(
      broken,
      fc.string({ unit: "grapheme-ascii", maxLength: 8 }).map(encodeURIComponent),
      fc.integer({ min: 101, max: 4_000 }).map((length) => "p".repeat(length)),
      fc.constantFrom("..", ".", "//", ";", "%2F", "%2e%2e"),
    );
    for (const target of suite.targets) {
      const runs = runsFor(target, 8);
      const url = fc
        .tuple(fc.nat({ max: 6 }), fc.array(part, { minLength: 1, maxLength: 3 }))
        .map(([cut, parts]) => {
          // Somewhere inside the route's own path, or past it.
          const base = target.url.replace(/:[A-Za-z0-9_]+|\*/g, "x");
          const at = Math.max(1, base.length - cut);
          return `${base.slice(0, at)}${parts.join("")}${base.slice(at)}`;
        });
      await fuzz(url, runs, async (path) => {
        sent += 1;
        await suite.send(
          { method: target.method as "GET", url: path, headers: suite.adminHeaders() },
          target,
        );
      });
    }
    console.info(`Malformed URLs: ${sent} requests to ${suite.targets.length} routes`);
  },
  FUZZ_TIMEOUT,
);
