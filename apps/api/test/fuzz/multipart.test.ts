import { expect, it } from "vitest";
import { examples } from "./examples";
import { multipartRequest } from "./multipart-bodies";
import { FUZZ_TIMEOUT, fuzz, readEverything, runsFor, useFuzzApp } from "./support";

const suite = useFuzzApp();

it(
  "multipart forms, random and hostile (files of random bytes, names and types, broken framing, too many parts), to every route that takes a body",
  async () => {
    const ids = Object.values(suite.samples).flat();
    let sent = 0;
    const writes = suite.targets.filter((target) => target.method !== "GET");
    expect(writes.filter((target) => target.multipart).length).toBeGreaterThanOrEqual(4);
    for (const target of writes) {
      for (const signedIn of [true, false]) {
        // The forms' own routes get the most; the others show a form where JSON is due is refused cleanly.
        const base = target.multipart ? 150 : 10;
        const runs = runsFor(target, signedIn ? base : target.public ? base / 2 : 3);
        // A declared id in the query (update-user) names a live record, so the form itself is what is fuzzed.
        const query = target.query?.properties?.id ? `?id=${suite.samples.user[0]}` : "";
        const path = `${target.url.replace(/:[A-Za-z0-9_]+/g, () => ids[0] ?? "1")}${query}`;
        const example = examples(suite.samples)[`${target.method} ${target.url}`];
        await fuzz(multipartRequest(ids, example), runs, async ({ payload, contentType }) => {
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
    console.info(`Multipart: ${sent} requests to ${writes.length} routes`);
  },
  FUZZ_TIMEOUT,
);

it(
  "serves back every record the multipart forms stored: no 5xx on any list or detail",
  async () => {
    expect(await readEverything(suite)).toBeGreaterThan(50);
  },
  FUZZ_TIMEOUT,
);
