import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFields, historyOf, registerConsultant, sendForm } from "#test/builders";
import { CUSTOMER_API } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";

/* The consultant's languages spoken: one registry field through the form, the list, export, history and the customer side. */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const update = (fields: ReturnType<typeof consultantFields>) =>
  sendForm(t.app, { method: "PUT", url: "/api/v2/Consultants/update", headers: admin }, fields);

describe("languagesSpoken", () => {
  it("is saved from the form as a list or comma-joined, lowercased, each once, and answered comma-joined", async () => {
    const made = await registerConsultant(t.app, admin, { languagesSpoken: ["Urdu", "english", "urdu"] });
    expect(made.languagesSpoken).toBe("urdu,english");
    const fields = consultantFields({ GuidId: made.guidId, languagesSpoken: "punjabi, Sindhi" });
    const saved = await update(fields);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().languagesSpoken).toBe("punjabi,sindhi");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${made.guidId}`,
      headers: admin,
    });
    expect(read.json().languagesSpoken).toBe("punjabi,sindhi");
    const cleared = await update({ ...fields, languagesSpoken: "" });
    expect(cleared.json().languagesSpoken).toBeNull();
  });

  it("refuses a language not in the list, naming the field", async () => {
    const refused = await sendForm(
      t.app,
      { method: "POST", url: "/api/v2/Consultants/register", headers: admin },
      consultantFields({ languagesSpoken: "english,klingon" }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toMatchObject({ languagesSpoken: consultantMessages.languageInvalid });
  });

  it("is in the list's answer, the CSV export (Languages spoken) and the history", async () => {
    const made = await registerConsultant(t.app, admin, {
      Name: "Zubair Languages",
      languagesSpoken: "arabic",
    });
    const list = await t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants?search=Zubair%20Languages",
      headers: admin,
    });
    expect(list.json().data[0]).toMatchObject({ guidId: made.guidId, languagesSpoken: "arabic" });

    const exported = await t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants/export?search=Zubair%20Languages",
      headers: admin,
    });
    const records: Record<string, string>[] = parse(exported.body, { bom: true, columns: true });
    expect(records).toHaveLength(1);
    expect(records[0]?.["Languages spoken"]).toBe("arabic");

    const fields = consultantFields({
      Name: "Zubair Languages",
      GuidId: made.guidId,
      languagesSpoken: ["arabic", "pashto"],
    });
    expect((await update(fields)).statusCode).toBe(200);
    const [row] = await historyOf(t.app, admin, "consultant", made.guidId);
    expect(row).toMatchObject({
      action: "update",
      changes: { languagesSpoken: { from: "arabic", to: "arabic,pashto" } },
    });
  });

  it("reaches customers as a list, in the directory and on the profile", async () => {
    const made = await registerConsultant(t.app, admin, {
      Name: "Yasmin Spoken",
      languagesSpoken: "urdu,english",
    });
    await t.db.kysely
      .updateTable("consultants")
      .set({ isApproved: true })
      .where("guidId", "=", made.guidId)
      .execute();
    const listed = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/consultants?search=Yasmin%20Spoken`,
    });
    expect(listed.json().data[0]).toMatchObject({
      guidId: made.guidId,
      languagesSpoken: ["urdu", "english"],
    });
    const profile = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants/${made.guidId}` });
    expect(profile.json()).toMatchObject({ languagesSpoken: ["urdu", "english"] });
    // Staff's own fields stay theirs.
    expect(profile.json()).not.toHaveProperty("tags");
    expect(profile.json()).not.toHaveProperty("contactEmail");
  });
});
