import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { findConsultant } from "../modules/consultants/repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Hot reads may skip Kysely's queue on SQLite (db/database.ts): never while a transaction holds the connection.
it("a read made while another request's transaction is open never sees that transaction's writes", async () => {
  const guidId = randomUUID();
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto("consultants")
    .values({
      guidId,
      name: "Committed Name",
      businessName: "B",
      contactEmail: "c@example.com",
      phoneNumber: "1",
      isApproved: false,
      isPremium: false,
      createdAt: now,
      updatedAt: now,
    })
    .execute();

  let readDuringTransaction: Promise<unknown> | undefined;
  await expect(
    t.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable("consultants")
        .set({ name: "Uncommitted Name" })
        .where("guidId", "=", guidId)
        .execute();
      readDuringTransaction = findConsultant(t.db.kysely, guidId);
      // Let the read run now if it can, before the transaction is rolled back.
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");

  expect(await readDuringTransaction).toMatchObject({ name: "Committed Name" });
  expect(await findConsultant(t.db.kysely, guidId)).toMatchObject({ name: "Committed Name" });
});
