import { describe, expect, it } from "vitest";
import { createTestApp, dialectName } from "#test/helpers";

const LIST = "/api/customer/v1/consultants";

// PostgreSQL is how several instances serve one marketplace: there the directory's budget is counted in the
// database, one for all of them. The embedded SQLite file serves one process, which counts it in memory.
describe("the directory's budget across two instances of one database", () => {
  it(`is ${dialectName === "postgres" ? "one budget for both" : "counted by each instance"}`, async () => {
    const t = await createTestApp({ config: { directoryRateLimit: 4 } as never, replicable: true });
    try {
      const other = await t.replica();
      const address = "203.0.113.9";
      const statuses: number[] = [];
      for (const app of [t.app, other.app, t.app, other.app, t.app, other.app]) {
        statuses.push((await app.inject({ method: "GET", url: LIST, remoteAddress: address })).statusCode);
      }
      expect(statuses).toEqual(
        dialectName === "postgres" ? [200, 200, 200, 200, 429, 429] : [200, 200, 200, 200, 200, 200],
      );
    } finally {
      await t.close();
    }
  });
});
