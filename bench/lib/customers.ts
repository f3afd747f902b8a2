import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../apps/api/src/db/database";
import { hashPassword } from "../../apps/api/src/lib/passwords";

const CUSTOMER_API = "/api/customer/v1";

/** The customer directory's figures: a request each, the same URL on both sides. */
export interface DirectoryRequest {
  figure: string;
  url: string;
}

/**
 * A surname of the directory's first listed consultants (a few dozen share it at 100k), picked on the
 * small side and asked on both.
 */
export async function directorySurname(db: Db): Promise<string> {
  const rows = await db.kysely
    .selectFrom("consultants")
    .select("name")
    .where("isApproved", "=", true)
    .orderBy("id")
    .limit(50)
    .execute();
  const words = rows.map((row) => row.name.split(" ").at(-1)?.toLowerCase() ?? "");
  return words.find((word) => /^[a-z]{5,}$/.test(word)) ?? "smith";
}

/**
 * Search with hard terms (a common pair of letters, a surname, a fragment of one, a term nothing holds),
 * each filter (a rare language and a rare pair among them: each first page also counts its matches), the
 * filters' choices, each sort and a page deep in the list, as customers ask the directory.
 */
export function directoryRequests(surname: string): DirectoryRequest[] {
  const list = (query: string) => `${CUSTOMER_API}/consultants?limit=20&${query}`;
  const q = encodeURIComponent;
  return [
    { figure: 'directory search "an"', url: list("search=an") },
    { figure: 'directory search "st", by name', url: list("search=st&sort=name") },
    { figure: "directory search, a surname", url: list(`search=${q(surname)}`) },
    { figure: "directory search, a fragment of a surname", url: list(`search=${q(surname.slice(1, 5))}`) },
    { figure: 'directory search "zzq" (no match)', url: list("search=zzq") },
    { figure: "directory, one country", url: list("country=canada") },
    { figure: "directory, one service", url: list(`service=${q("student")}`) },
    // Languages spoken and visa types (migration 032): a rare language, ordered by a key its rows do not
    // follow; a common language with a visa type; a visa type sorted by fee; and the filters' choices.
    { figure: "directory, a rare language, by name", url: list("language=balochi&sort=name") },
    {
      figure: "directory, a language and a visa type",
      url: list(`language=punjabi&visaType=${q("document attestation")}`),
    },
    { figure: "directory, a rare language and a country", url: list("language=german&country=japan") },
    { figure: "directory, one visa type, cheapest first", url: list(`visaType=${q("appeals")}&sort=fee`) },
    { figure: "directory filter choices", url: `${CUSTOMER_API}/consultants/filters` },
    { figure: "directory, a fee range, dearest first", url: list("minFee=500&maxFee=1000&sort=feeDesc") },
    { figure: "directory, rating 4 or more", url: list("minRating=4") },
    ...(["recommended", "rating", "fee", "feeDesc", "name"] as const).map((sort) => ({
      figure: `directory sorted by ${sort}`,
      url: list(`sort=${sort}`),
    })),
  ];
}

/**
 * The cursor of the page after `pages` pages of 20 in the default order: a page deep in the list. Each side
 * walks its own list, so the cursor is that side's (its rows differ).
 */
export async function deepCursor(url: string, pages: number): Promise<string> {
  let cursor = "";
  for (let page = 0; page < pages; page += 1) {
    const response = await fetch(
      `${url}${CUSTOMER_API}/consultants?limit=20${cursor ? `&cursor=${cursor}` : ""}`,
    );
    const body = (await response.json()) as { nextCursor: string | null };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor;
}

/** One kind of request in the concurrent run, and how each answered. */
interface Kind {
  times: number[];
  statuses: Record<number, number>;
}
export interface ConcurrentResult {
  customers: number;
  seconds: number;
  p95: Record<string, number | undefined>;
  requests: number;
  /** Answers no customer should get: 5xx, failed connections, a status the kind never answers. */
  errors: number;
  errorSamples: string[];
  /** Failures the caller said to expect (`tolerate`), by reason: counted, never hidden. */
  tolerated: Record<string, number>;
  booked: number;
  cancelled: number;
  /** Pairs of non-cancelled appointments of one consultant that overlap, found in the database afterwards. */
  doubleBookings: number;
  statuses: Record<string, Record<number, number>>;
}

/** What each kind may answer while customers race each other; anything else counts as an error. */
const EXPECTED: Record<string, number[]> = {
  directory: [200],
  profile: [200],
  availability: [200],
  // 409: the time was taken meanwhile, or the customer's upcoming limit; 422: a rule (too late, horizon).
  book: [201, 409, 422],
  cancel: [200, 409],
};

/**
 * `count` signed-up customers: app users of the loaded data given one known password and a proven email
 * in the database (one argon2 hash for all, not `count` sign-ups), each then signed in through the customer
 * API, so their tokens and device sessions are the real ones.
 */
export async function customersOf(
  db: Db,
  url: string,
  count: number,
): Promise<Array<Record<string, string>>> {
  const password = randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  const users = await db.kysely
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "=", "AppUser")
    .where("deletedAt", "is", null)
    .orderBy("id")
    .limit(count)
    .execute();
  await db.kysely
    .updateTable("users")
    .set({
      passwordHash,
      emailVerifiedAt: new Date().toISOString(),
      timeZone: "Asia/Karachi",
      status: "active",
    })
    .where(
      "id",
      "in",
      users.map((user) => user.id),
    )
    .execute();
  const headers: Array<Record<string, string>> = [];
  // A few sign-ins at once: each is an argon2 verification, slow on purpose.
  for (let first = 0; first < users.length; first += 4) {
    const signedIn = await Promise.all(
      users.slice(first, first + 4).map(async (user) => {
        const response = await fetch(`${url}${CUSTOMER_API}/auth/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password, deviceName: "Bench phone" }),
        });
        if (!response.ok) throw new Error(`customer sign-in: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { accessToken: string };
        return { authorization: `Bearer ${body.accessToken}` };
      }),
    );
    headers.push(...signedIn);
  }
  return headers;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
};

/**
 * `customers` signed-in customers at once for `seconds`, each in a loop as a person browses: a directory
 * page (a term, a sort), a profile of one of its first consultants, a week of free times, then booking a
 * time two days or more ahead and, every other time, cancelling it. The consultants are the first page's
 * few, so customers race for the same times. They arrive over the first quarter of the run (at most
 * 10 s), and the times of requests started before the last one arrived are not counted. Afterwards the
 * database is checked for double bookings.
 */
export async function concurrentCustomers(options: {
  url: string;
  db: Db;
  customers: number;
  seconds: number;
  /**
   * Names the reason of a failure this run expects (a replica killed on purpose), else undefined; status 0
   * is a request that got no answer (the body is the error).
   */
  tolerate?: (status: number, body: string) => string | undefined;
  /** Customers signed in beforehand (customersOf), instead of signing `customers` in first. */
  signedIn?: Array<Record<string, string>>;
}): Promise<ConcurrentResult> {
  const { url, db } = options;
  const customers = options.signedIn ?? (await customersOf(db, url, options.customers));
  const kinds: Record<string, Kind> = Object.fromEntries(
    Object.keys(EXPECTED).map((kind) => [kind, { times: [], statuses: {} }]),
  );
  const errorSamples: string[] = [];
  let errors = 0;
  const tolerated: Record<string, number> = {};
  let booked = 0;
  let cancelled = 0;
  const call = async (kind: string, path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const record = kinds[kind] as Kind;
    try {
      const response = await fetch(`${url}${path}`, init);
      const text = await response.text();
      // Times count once every customer is browsing: the ramp's first requests meet a server still
      // warming its caches, then a queue that is still filling.
      if (started >= measuredFrom) record.times.push(performance.now() - started);
      record.statuses[response.status] = (record.statuses[response.status] ?? 0) + 1;
      const reason = EXPECTED[kind]?.includes(response.status)
        ? undefined
        : options.tolerate?.(response.status, text);
      if (reason) {
        tolerated[reason] = (tolerated[reason] ?? 0) + 1;
        return undefined;
      }
      if (!EXPECTED[kind]?.includes(response.status)) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${kind} ${response.status}: ${text.slice(0, 200)}`);
        return undefined;
      }
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    } catch (error) {
      const cause = (error as Error).cause;
      const said = `${(error as Error).message}${cause ? `: ${String(cause)}` : ""}`;
      const reason = options.tolerate?.(0, said);
      if (reason) {
        tolerated[reason] = (tolerated[reason] ?? 0) + 1;
        return undefined;
      }
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(`${kind}: ${said}`);
      return undefined;
    }
  };
  const terms = ["", "search=an&", "search=visa&", "sort=fee&", "sort=rating&", "country=canada&"];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const deadline = Date.now() + options.seconds * 1000;
  // Customers arrive one after another over the first quarter of the run (at most 10 s), as people do,
  // not all in the same millisecond.
  const rampMs = Math.min(10_000, (options.seconds * 1000) / 4);
  const measuredFrom = performance.now() + rampMs;
  // Each customer is a phone of its own: behind a balancer the server trusts, its address is the one the
  // balancer forwards (a documentation range), so the directory's budget per address is each customer's,
  // not one shared by all of them.
  const customer = async (signedIn: Record<string, string>, index: number) => {
    const phone = { "x-forwarded-for": `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}` };
    const headers = { ...signedIn, ...phone };
    while (Date.now() < deadline) {
      const page = await call("directory", `${CUSTOMER_API}/consultants?${pick(terms)}limit=20`, {
        headers: phone,
      });
      const first = (page?.body?.data ?? []).slice(0, 3) as Array<{ guidId: string }>;
      if (first.length === 0) {
        // A page that failed: a person looks again a moment later, not in a tight loop.
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      const consultant = pick(first).guidId;
      await call("profile", `${CUSTOMER_API}/consultants/${consultant}`, { headers: phone });
      const free = await call(
        "availability",
        `${CUSTOMER_API}/consultants/${consultant}/availability?from=${day(2)}&to=${day(8)}`,
        { headers },
      );
      const slots = ((free?.body?.days ?? []) as Array<{ slots: Array<{ startsAt: string }> }>).flatMap(
        (d) => d.slots,
      );
      if (slots.length === 0) continue;
      // The earliest few times: where customers collide.
      const slot = pick(slots.slice(0, 4));
      const booking = await call("book", `${CUSTOMER_API}/appointments`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          consultantId: consultant,
          startsAt: slot.startsAt,
          description: "Bench visit",
        }),
      });
      if (booking?.status !== 201) continue;
      booked += 1;
      if (Math.random() < 0.5) {
        const cancel = await call("cancel", `${CUSTOMER_API}/appointments/${booking.body.guidId}/cancel`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: "{}",
        });
        if (cancel?.status === 200) cancelled += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(
    customers.map(async (headers, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * rampMs) / customers.length));
      await customer(headers, index);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    customers: customers.length,
    seconds,
    p95: Object.fromEntries(
      Object.entries(kinds).map(([kind, record]) => [kind, percentile(record.times, 0.95)]),
    ),
    requests: Object.values(kinds).reduce((sum, record) => sum + record.times.length, 0),
    errors,
    errorSamples,
    tolerated,
    booked,
    cancelled,
    doubleBookings: await doubleBookings(db),
    statuses: Object.fromEntries(Object.entries(kinds).map(([kind, record]) => [kind, record.statuses])),
  };
}

/** Pairs of non-cancelled appointments of one consultant whose times overlap ([startsAt, endsAt)). */
async function doubleBookings(db: Db): Promise<number> {
  const row = await sql<{ pairs: number }>`select count(*) as pairs
    from appointments a join appointments b
      on b.consultant_id = a.consultant_id and b.id > a.id
      and b.starts_at < a.ends_at and a.starts_at < b.ends_at
    where a.is_cancelled = ${sql.lit(false)} and b.is_cancelled = ${sql.lit(false)}
      and (a.is_booked_by_customer = ${sql.lit(true)} or b.is_booked_by_customer = ${sql.lit(true)})`.execute(
    db.kysely,
  );
  return Number(row.rows[0]?.pairs ?? 0);
}
