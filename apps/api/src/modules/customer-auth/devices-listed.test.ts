import { randomUUID } from "node:crypto";
import { CUSTOMER_DEVICES_LISTED } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_API, quickCustomer } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a customer's devices", () => {
  it("lists the newest 100 however many are signed in, and counts them all", async () => {
    const customer = await quickCustomer(t, "The phone asking");
    const account = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();
    // 120 older devices still signed in, each a minute apart.
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await t.db.kysely
      .insertInto("customerSessions")
      .values(
        Array.from({ length: 120 }, (_, n) => ({
          id: randomUUID(),
          userId: account.id,
          deviceName: `Old phone ${n + 1}`,
          createdAt: at(n + 1),
          lastUsedAt: at(n + 1),
          expiresAt: new Date(now + 86_400_000).toISOString(),
          revokedAt: null,
          address: null,
        })),
      )
      .execute();
    const answer = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/me/sessions`,
      headers: customer.headers,
    });
    expect(answer.statusCode).toBe(200);
    const { data, total } = answer.json() as {
      data: Array<{ deviceName: string; current: boolean }>;
      total: number;
    };
    expect(total).toBe(121);
    expect(data).toHaveLength(CUSTOMER_DEVICES_LISTED);
    // Newest first: the device asking, then the old ones from the most recent.
    expect(data[0]).toMatchObject({ deviceName: "The phone asking", current: true });
    expect(data[1]?.deviceName).toBe("Old phone 1");
    expect(data.at(-1)?.deviceName).toBe(`Old phone ${CUSTOMER_DEVICES_LISTED - 1}`);
  });
});
