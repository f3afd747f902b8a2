import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../../apps/api/src/db/database";

export interface Targets {
  /** A surname searched for in the consultant list (a user types part of a name). */
  consultantTerm: string;
  appUserTerm: string;
  /** The consultant with the most bookings, whose appointments are listed. */
  consultantGuid: string;
}

/** Picked once from the baseline data and kept for the large size, so both sizes ask the same. */
export async function chooseTargets(db: Db): Promise<Targets> {
  const surname = (names: (string | null)[]) =>
    names
      .map((name) => (name ?? "").split(" ").at(-1)?.toLowerCase() ?? "")
      .find((word) => /^[a-z]{5,}$/.test(word)) ?? "smith";
  const consultants = await db.kysely
    .selectFrom("consultants")
    .select("name")
    .orderBy("id")
    .limit(50)
    .execute();
  const appUsers = await db.kysely
    .selectFrom("users")
    .select("lastName")
    .where("role", "=", "AppUser")
    .orderBy("id")
    .limit(50)
    .execute();
  const busiest = await db.kysely
    .selectFrom("appointments")
    .innerJoin("consultants", "consultants.id", "appointments.consultantId")
    .select("consultants.guidId")
    .groupBy(["appointments.consultantId", "consultants.guidId"])
    .orderBy(sql`count(*)`, "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    consultantTerm: surname(consultants.map((c) => c.name)),
    appUserTerm: surname(appUsers.map((u) => u.lastName)),
    consultantGuid: busiest.guidId,
  };
}

/** The largest minified JavaScript file of the build, in KB. */
export function largestChunkKb(dist: string): number {
  const assets = path.join(dist, "assets");
  const sizes = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.statSync(path.join(assets, file)).size);
  return Math.max(0, ...sizes) / 1024;
}
