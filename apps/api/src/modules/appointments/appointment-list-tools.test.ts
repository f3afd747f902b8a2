import { randomUUID } from "node:crypto";
import { MAX_BULK_IDS } from "@visadesk/contract/lists-constants";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

/**
 * Default order, sort, filters, export and bulk actions of the appointments list (issue "Lists that staff
 * can work with"). Business time zone Asia/Karachi; today there is 10 March 2030.
 */
const suite = useAppointmentsApp();
let consultant: { id: number; guidId: string };
let other: { id: number; guidId: string };
let customer: { id: number; guidId: string };
const byLabel = new Map<string, { id: number; guidId: string }>();

/** An appointment row as a booking would have stored it, past or future (the API refuses past bookings). */
async function insert(
  label: string,
  date: string,
  time: string,
  extra: { isPaid?: boolean; isConfirmed?: boolean; consultantId?: number; userId?: number } = {},
) {
  const startsAt = new Date(`${date}T${time}:00+05:00`).toISOString();
  const row = await suite.t.db.kysely
    .insertInto("appointments")
    .values({
      guidId: randomUUID(),
      userId: extra.userId ?? suite.staff.id,
      userEmail: null,
      consultantId: extra.consultantId ?? consultant.id,
      consultantName: null,
      consultantEmail: null,
      appointmentDate: date,
      appointmentTime: `${time}:00`,
      description: label,
      supportContact: label === "formula" ? "@support" : null,
      isConfirmed: extra.isConfirmed ?? false,
      isCancelled: false,
      isPaid: extra.isPaid ?? false,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
      createdAt: new Date(Date.UTC(2030, 0, byLabel.size + 1)).toISOString(),
      updatedAt: startsAt,
      createdBy: null,
      updatedBy: null,
    })
    .returning(["id", "guidId"])
    .executeTakeFirstOrThrow();
  byLabel.set(label, row);
}

beforeAll(async () => {
  consultant = await insertConsultant(suite.t, { name: "List Consultant" });
  other = await insertConsultant(suite.t, { name: "Other Consultant" });
  const account = await suite.t.createAccount({ role: "AppUser", userName: "list-customer" });
  customer = { id: account.id, guidId: account.guidId };
  await insert("past-far", "2030-02-01", "10:00", { isPaid: true });
  await insert("next-week", "2030-03-17", "09:00");
  await insert("today-late", "2030-03-10", "15:00", { consultantId: other.id });
  await insert("yesterday", "2030-03-09", "12:00", { userId: customer.id, isConfirmed: true });
  await insert("today-early", "2030-03-10", "09:30", { isPaid: true, userId: customer.id });
  await insert("tomorrow", "2030-03-11", "11:00");
  await insert("formula", "2030-04-01", "10:00");
});

const get = (query: string) =>
  suite.t.app.inject({
    method: "GET",
    url: `${APPOINTMENTS_URL}/appointments${query}`,
    headers: suite.headers,
  });
const labels = (body: { description: string }[] | { data: { description: string }[] }) =>
  (Array.isArray(body) ? body : body.data).map((a) => a.description);
const UPCOMING_FIRST = [
  "today-early",
  "today-late",
  "tomorrow",
  "next-week",
  "formula",
  "yesterday",
  "past-far",
];

describe("default order", () => {
  it("opens upcoming first: today, then later, soonest first; past ones after, latest first", async () => {
    expect(labels((await get("")).json())).toEqual(UPCOMING_FIRST);
    expect(labels((await get("?pageSize=100")).json())).toEqual(UPCOMING_FIRST);
  });

  it("pages across the upcoming and past parts without repeats or gaps", async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(...labels((await get(`?pageSize=2&page=${page}`)).json()));
    expect(pages).toEqual(UPCOMING_FIRST);
    // A page that starts inside the past part.
    expect(labels((await get("?pageSize=1&page=6")).json())).toEqual(["yesterday"]);
  });
});

describe("sort", () => {
  it("sorts by date and createdAt both ways", async () => {
    expect(labels((await get("?sort=date&pageSize=100")).json())).toEqual([
      "past-far",
      "yesterday",
      "today-early",
      "today-late",
      "tomorrow",
      "next-week",
      "formula",
    ]);
    expect(labels((await get("?sort=-createdAt&pageSize=100")).json())).toEqual([
      "formula",
      "tomorrow",
      "today-early",
      "yesterday",
      "today-late",
      "next-week",
      "past-far",
    ]);
  });

  it("refuses an unknown field with 400 naming the allowed ones", async () => {
    const response = await get("?sort=-consultantEmail");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.sort).toMatch(/date, createdAt/);
  });
});

describe("filters", () => {
  it("paid, customer, consultant and a date range narrow the list and its total", async () => {
    const paid = (await get("?paid=true&page=1")).json();
    expect(labels(paid)).toEqual(["today-early", "past-far"]);
    expect(paid.total).toBe(2);
    expect(labels((await get("?paid=false&sort=date")).json())).toEqual([
      "yesterday",
      "today-late",
      "tomorrow",
      "next-week",
      "formula",
    ]);
    const mine = (await get(`?userId=${customer.guidId}&page=1`)).json();
    expect(labels(mine)).toEqual(["today-early", "yesterday"]);
    expect(mine.total).toBe(2);
    expect(labels((await get(`?consultantId=${other.guidId}`)).json())).toEqual(["today-late"]);
    // This week (from and to inclusive), combined with the customer.
    expect(labels((await get("?from=2030-03-10&to=2030-03-17")).json())).toEqual([
      "today-early",
      "today-late",
      "tomorrow",
      "next-week",
    ]);
    expect(labels((await get(`?from=2030-03-09&to=2030-03-10&userId=${customer.guidId}`)).json())).toEqual([
      "today-early",
      "yesterday",
    ]);
    // Past unconfirmed: up to yesterday, Pending.
    expect(labels((await get("?to=2030-03-09&status=Pending")).json())).toEqual(["past-far"]);
    expect(labels((await get(`?userId=${randomUUID()}&page=1`)).json())).toEqual([]);
  });

  it("bad values are 400 naming the field", async () => {
    const paid = await get("?paid=yes");
    expect(paid.statusCode).toBe(400);
    expect(paid.json().fieldErrors).toHaveProperty("paid");
    const from = await get("?from=2030-02-31");
    expect(from.statusCode).toBe(400);
    expect(from.json().fieldErrors).toHaveProperty("from");
  });
});

describe("export", () => {
  it("answers every matching row as CSV in the list's order, as many as the list's total", async () => {
    const response = await suite.t.app.inject({
      method: "GET",
      url: `${APPOINTMENTS_URL}/appointments/export?paid=false`,
      headers: suite.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/filename="appointments-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    const list = (await get("?paid=false&page=1&pageSize=100")).json();
    expect(records).toHaveLength(list.total);
    expect(records.map((r) => r.Description)).toEqual(labels(list));
    expect(records.find((r) => r.Description === "formula")!["Support Contact"]).toBe("'@support");
  });
});

describe("bulk", () => {
  const bulk = (payload: object) =>
    suite.t.app.inject({ method: "POST", url: `${APPOINTMENTS_URL}/bulk`, headers: suite.headers, payload });

  it("marks rows paid through the single update, reporting a row that is not there and going on", async () => {
    const ids = [
      byLabel.get("tomorrow")!.guidId,
      "00000000-0000-4000-8000-000000000000",
      byLabel.get("next-week")!.guidId,
    ];
    const response = await bulk({ action: "markPaid", ids });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: ids[0], ok: true, changed: true },
      { id: ids[1], ok: false, message: expect.any(String) },
      { id: ids[2], ok: true, changed: true },
    ]);
    const paid = labels((await get("?paid=true")).json());
    expect(paid).toEqual(expect.arrayContaining(["tomorrow", "next-week"]));
  });

  it("markUnpaid undoes markPaid through the single update, reporting a row that is not there", async () => {
    const ids = [byLabel.get("tomorrow")!.guidId, byLabel.get("next-week")!.guidId];
    expect((await bulk({ action: "markPaid", ids })).json().results.every((r: { ok: boolean }) => r.ok)).toBe(
      true,
    );
    const missing = "00000000-0000-4000-8000-000000000000";
    const undone = await bulk({ action: "markUnpaid", ids: [...ids, missing] });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().results).toEqual([
      { id: ids[0], ok: true, changed: true },
      { id: ids[1], ok: true, changed: true },
      { id: missing, ok: false, message: expect.any(String) },
    ]);
    expect(labels((await get("?paid=true")).json())).not.toContain("tomorrow");
    const unpaid = labels((await get("?paid=false&pageSize=100")).json());
    expect(unpaid).toEqual(expect.arrayContaining(["tomorrow", "next-week"]));
    const single = (
      await suite.t.app.inject({
        method: "GET",
        url: `${APPOINTMENTS_URL}/${ids[0]}`,
        headers: suite.headers,
      })
    ).json();
    expect(single.isPaid).toBe(false);
  });

  it("reports a row already paid as unchanged and leaves it as it was, so an Undo can leave it paid", async () => {
    const single = async (guidId: string) =>
      (
        await suite.t.app.inject({
          method: "GET",
          url: `${APPOINTMENTS_URL}/${guidId}`,
          headers: suite.headers,
        })
      ).json();
    const paidBefore = byLabel.get("today-early")!.guidId;
    const unpaidBefore = byLabel.get("today-late")!.guidId;
    const before = await single(paidBefore);
    expect(before.isPaid).toBe(true);
    const response = await bulk({ action: "markPaid", ids: [paidBefore, unpaidBefore] });
    expect(response.json().results).toEqual([
      { id: paidBefore, ok: true, changed: false },
      { id: unpaidBefore, ok: true, changed: true },
    ]);
    const after = await single(paidBefore);
    expect(after.isPaid).toBe(true);
    expect(after.version).toBe(before.version);
    expect((await single(unpaidBefore)).isPaid).toBe(true);
  });

  it("confirms, cancels, reminds and deletes by each single action's rules", async () => {
    const tomorrow = byLabel.get("tomorrow")!.guidId;
    expect((await bulk({ action: "confirm", ids: [tomorrow] })).json().results[0].ok).toBe(true);
    expect((await get("?status=Confirmed")).json().map((a: { guidId: string }) => a.guidId)).toContain(
      tomorrow,
    );
    expect((await bulk({ action: "cancel", ids: [tomorrow] })).json().results[0].ok).toBe(true);
    // The single reminder refuses a cancelled appointment, and says so.
    const reminded = (
      await bulk({ action: "sendReminder", ids: [tomorrow, byLabel.get("today-late")!.guidId] })
    ).json();
    expect(reminded.results[0]).toMatchObject({ ok: false, message: expect.stringMatching(/cancel/i) });
    expect(reminded.results[1].ok).toBe(true);
    expect((await bulk({ action: "delete", ids: [tomorrow] })).json().results[0].ok).toBe(true);
    expect(labels((await get("")).json())).not.toContain("tomorrow");
  });

  it(`takes at most ${MAX_BULK_IDS} ids`, async () => {
    const response = await bulk({
      action: "confirm",
      ids: Array.from({ length: MAX_BULK_IDS + 1 }, () => randomUUID()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty("ids");
  });
});
