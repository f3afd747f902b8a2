import { randomUUID } from "node:crypto";
import type { TestApp } from "../../../test/helpers";

/** A consultant row as another staff member would have saved it (the consultants module is not needed). */
export async function insertConsultant(t: TestApp, overrides: { name?: string; deletedAt?: string } = {}) {
  const now = new Date().toISOString();
  const suffix = randomUUID().slice(0, 8);
  return t.db.kysely
    .insertInto("consultants")
    .values({
      guidId: randomUUID(),
      name: overrides.name ?? `Consultant ${suffix}`,
      businessName: `Visa Advisers ${suffix}`,
      contactEmail: `consultant-${suffix}@example.com`,
      phoneNumber: "+92 300 0000000",
      createdAt: now,
      updatedAt: now,
      isApproved: true,
      isPremium: false,
      deletedAt: overrides.deletedAt ?? null,
    })
    .returning(["id", "guidId", "name", "contactEmail"])
    .executeTakeFirstOrThrow();
}
