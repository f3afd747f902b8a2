import { beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENTS_URL, insertConsultant, useAppointmentsApp } from "#test/appointments";

/**
 * The appointments list sorted by its Customer, Consultant and Status columns: each order, both ways, ties
 * broken by id across pages, and kept when a customer's email or a consultant's name changes later.
 */
const suite = useAppointmentsApp();
const ids = new Map<string, number>();
let consultants: Record<"anna" | "zoe", { id: number; guidId: string }>;
let customers: Record<"bob" | "amy", { id: number; guidId: string }>;

const get = (query: string) =>
  suite.t.app.inject({
    method: "GET",
    url: `${APPOINTMENTS_URL}/appointments${query}`,
    headers: suite.headers,
  });
const labels = (body: { data: { description: string }[] }) => body.data.map((a) => a.description);

async function book(
  label: string,
  consultant: { guidId: string },
  customer: { guidId: string },
  time: string,
) {
  const response = await suite.create({
    consultantId: consultant.guidId,
    userId: customer.guidId,
    appointmentDate: "2030-05-06",
    appointmentTime: time,
    description: label,
  });
  expect(response.statusCode).toBe(201);
  ids.set(label, response.json().id);
  return response.json();
}

beforeAll(async () => {
  consultants = {
    anna: await insertConsultant(suite.t, { name: "Anna Consultant" }),
    zoe: await insertConsultant(suite.t, { name: "Zoe Consultant" }),
  };
  const bob = await suite.t.createAccount({ role: "AppUser", email: "bob@example.com" });
  const amy = await suite.t.createAccount({ role: "AppUser", email: "amy@example.com" });
  customers = { bob, amy };
  await book("bob-zoe", consultants.zoe, customers.bob, "09:00");
  await book("amy-anna", consultants.anna, customers.amy, "09:30");
  const confirmed = await book("bob-anna", consultants.anna, customers.bob, "10:00");
  await suite.update({ ...confirmed, isConfirmed: true });
  const cancelled = await book("amy-zoe", consultants.zoe, customers.amy, "10:30");
  await suite.update({ ...cancelled, isCancelled: true });
});

describe("sort by customer, consultant and status", () => {
  it("orders by the customer's email both ways, ties by id", async () => {
    expect(labels((await get("?sort=customer&pageSize=100")).json())).toEqual([
      "amy-anna",
      "amy-zoe",
      "bob-zoe",
      "bob-anna",
    ]);
    expect(labels((await get("?sort=-customer&pageSize=100")).json())).toEqual([
      "bob-anna",
      "bob-zoe",
      "amy-zoe",
      "amy-anna",
    ]);
  });

  it("orders by the consultant's name, and pages through ties without repeats or gaps", async () => {
    const expected = ["amy-anna", "bob-anna", "bob-zoe", "amy-zoe"];
    expect(labels((await get("?sort=consultant&pageSize=100")).json())).toEqual(expected);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(...labels((await get(`?sort=consultant&pageSize=1&page=${page}`)).json()));
    expect(pages).toEqual(expected);
  });

  it("orders by status name (Cancelled, Confirmed, Pending) and combines with a status filter", async () => {
    const body = (await get("?sort=status&pageSize=100")).json();
    expect(body.data.map((a: { status: string }) => a.status)).toEqual([
      "Cancelled",
      "Confirmed",
      "Pending",
      "Pending",
    ]);
    expect(labels(body).slice(2)).toEqual(["bob-zoe", "amy-anna"]);
    const pending = (await get("?status=Pending&sort=-customer&pageSize=100")).json();
    expect(labels(pending)).toEqual(["bob-zoe", "amy-anna"]);
    expect(pending.total).toBe(2);
  });

  it("follows a consultant renamed and a customer whose email changed after booking", async () => {
    await suite.t.db.kysely
      .updateTable("consultants")
      .set({ name: "Aaron Consultant" })
      .where("id", "=", consultants.zoe.id)
      .execute();
    await suite.t.db.kysely
      .updateTable("users")
      .set({ email: "zed@example.com" })
      .where("id", "=", customers.amy.id)
      .execute();
    const byConsultant = (await get("?sort=consultant&pageSize=100")).json();
    expect(labels(byConsultant)).toEqual(["bob-zoe", "amy-zoe", "amy-anna", "bob-anna"]);
    expect(byConsultant.data[0].consultantName).toBe("Aaron Consultant");
    const byCustomer = (await get("?sort=customer&pageSize=100")).json();
    expect(labels(byCustomer)).toEqual(["bob-zoe", "bob-anna", "amy-anna", "amy-zoe"]);
    expect(byCustomer.data.at(-1).userEmail).toBe("zed@example.com");
  });

  it("names the new fields among the allowed ones when a field is unknown", async () => {
    const response = await get("?sort=description");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.sort).toMatch(/customer, consultant, status/);
  });
});
