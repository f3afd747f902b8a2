import { randomUUID } from "node:crypto";
import { noteMessages } from "@visadesk/contract/notes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsultant } from "#test/appointments";
import { createTestApp, type SignedIn, type TestApp, testClock } from "#test/helpers";

const clock = testClock(new Date("2030-03-10T06:00:00Z"));
let t: TestApp;
let staff: SignedIn;
let otherStaff: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await t.signIn("Staff");
  otherStaff = await t.signIn("Staff");
  admin = await t.signIn("Admin");
});
afterAll(() => t.close());

const add = (payload: Record<string, unknown>, as = staff) =>
  t.app.inject({ method: "POST", url: "/api/v2/notes", headers: as.headers, payload });
const edit = (id: string, text: string, as = staff) =>
  t.app.inject({ method: "PUT", url: `/api/v2/notes/${id}`, headers: as.headers, payload: { text } });
const notesOf = async (entity: string, entityId: string) => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v2/notes?entity=${entity}&entityId=${entityId}`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  // Not paged: every note is in data, total their number.
  expect(response.json().total).toBe(response.json().data.length);
  return response.json().data as Array<{ id: string; text: string; author: { guidId: string } }>;
};
const auditOf = async (entityId: string) => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v2/audit?entity=note&entityId=${entityId}`,
    headers: admin.headers,
  });
  return response.json().data as Array<{ action: string; actor: { guidId: string }; changes: object }>;
};

describe("notes", () => {
  it("adds a note to a consultant with its author and time, lists it newest first, and audits it", async () => {
    const consultant = await insertConsultant(t);
    const first = await add({ entity: "consultant", entityId: consultant.guidId, text: "Called, no answer" });
    expect(first.statusCode, first.body).toBe(201);
    clock.advance(1000);
    const second = await add({
      entity: "consultant",
      entityId: consultant.guidId,
      text: "  Sent the forms  ",
    });
    expect(second.json()).toMatchObject({
      entity: "consultant",
      entityId: consultant.guidId,
      text: "Sent the forms",
      author: { guidId: staff.user.guidId },
      createdAt: clock.now().toISOString(),
      editableUntil: new Date(clock.now().getTime() + 15 * 60_000).toISOString(),
    });
    expect((await notesOf("consultant", consultant.guidId)).map((note) => note.text)).toEqual([
      "Sent the forms",
      "Called, no answer",
    ]);
    expect(await auditOf(first.json().id)).toEqual([
      expect.objectContaining({
        action: "create",
        actor: expect.objectContaining({ guidId: staff.user.guidId }),
        changes: {
          record: { from: null, to: { entity: "consultant", entityId: consultant.guidId } },
          text: { from: null, to: "Called, no answer" },
        },
      }),
    ]);
  });

  it("refuses an empty or too long text, an unknown kind of record and a record that does not exist", async () => {
    const consultant = await insertConsultant(t);
    const empty = await add({ entity: "consultant", entityId: consultant.guidId, text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ text: noteMessages.textRequired });
    const long = await add({ entity: "consultant", entityId: consultant.guidId, text: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ text: noteMessages.textTooLong });
    expect(
      (await add({ entity: "consultant", entityId: consultant.guidId, text: "x".repeat(2000) })).statusCode,
    ).toBe(201);
    const kind = await add({ entity: "spaceship", entityId: consultant.guidId, text: "Hi" });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fieldErrors).toEqual({ entity: noteMessages.unknownEntity });
    const missing = await add({ entity: "appointment", entityId: randomUUID(), text: "Hi" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(noteMessages.recordNotFound);
  });

  it("lets the author edit a note for 15 minutes, then keeps it fixed; nobody else may edit it", async () => {
    const account = await t.createAccount({ role: "AppUser" });
    const note = (await add({ entity: "user", entityId: account.guidId, text: "Prefers mornings" })).json();

    const byOther = await edit(note.id, "Changed by someone else", otherStaff);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(noteMessages.notAuthor);

    clock.advance(14 * 60_000);
    const edited = await edit(note.id, "Prefers mornings, not Fridays");
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ text: "Prefers mornings, not Fridays", createdAt: note.createdAt });

    clock.advance(60_000);
    const late = await edit(note.id, "Too late");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(noteMessages.fixed);
    expect((await notesOf("user", account.guidId)).map((row) => row.text)).toEqual([
      "Prefers mornings, not Fridays",
    ]);
    // The edit is audited; the refused ones are not.
    expect((await auditOf(note.id)).map((row) => row.action)).toEqual(["update", "create"]);
    expect((await auditOf(note.id))[0]?.changes).toEqual({
      text: { from: "Prefers mornings", to: "Prefers mornings, not Fridays" },
    });
  });

  it("answers 404 for a note that does not exist", async () => {
    const response = await edit(randomUUID(), "Hello");
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(noteMessages.notFound);
  });
});
