import { customerDirectoryMessages as messages } from "@visadesk/contract/customer-directory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFields, registerConsultant, sendForm } from "#test/builders";
import { CUSTOMER_API } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";

/* The directory's filters from the data (countries, languages, visa types) and the first page's count. */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

type Fields = Record<string, string>;
/** A consultant registered with these fields, approved unless told otherwise. */
async function consultant(fields: Fields, approved = true) {
  const made = await registerConsultant(t.app, admin, fields);
  await t.db.kysely
    .updateTable("consultants")
    .set({ isApproved: approved })
    .where("guidId", "=", made.guidId)
    .execute();
  return made;
}
const get = async (path: string) => {
  const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/${path}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const names = async (query: string) =>
  ((await get(`consultants?${query}`)).data as { name: string }[]).map((item) => item.name).sort();

describe("the directory's filter choices", () => {
  it("are the countries, languages and visa types of listed consultants only, lowercased, each once, sorted", async () => {
    await consultant({
      Name: "Choice One",
      country: "canada,uk",
      languagesSpoken: "urdu,english",
      Services: " Student Visa ,Work Permit",
    });
    await consultant({ Name: "Choice Two", country: "uk", languagesSpoken: "urdu", Services: "work permit" });
    await consultant(
      { Name: "Hidden Choice", country: "japan", languagesSpoken: "sindhi", Services: "Hidden Visa" },
      false,
    );
    const gone = await consultant({
      Name: "Gone Choice",
      country: "france",
      languagesSpoken: "arabic",
      Services: "Gone Visa",
    });
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("guidId", "=", gone.guidId)
      .execute();

    expect(await get("consultants/filters")).toEqual({
      countries: ["canada", "uk"],
      languages: ["english", "urdu"],
      visaTypes: ["student visa", "work permit"],
    });

    // An edit moves the choices with it: "Choice Two" now speaks Pashto and offers appeals.
    const two = (await get("consultants?search=Choice%20Two")).data[0];
    const saved = await sendForm(
      t.app,
      { method: "PUT", url: "/api/v2/Consultants/update", headers: admin },
      consultantFields({
        Name: "Choice Two",
        GuidId: two.guidId,
        IsApproved: "true",
        country: "uk",
        languagesSpoken: "pashto",
        Services: "Appeals",
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await get("consultants/filters")).toEqual({
      countries: ["canada", "uk"],
      languages: ["english", "pashto", "urdu"],
      visaTypes: ["appeals", "student visa", "work permit"],
    });
  });
});

describe("filtering the directory by language and visa type", () => {
  it("finds the consultants who speak the language and offer the visa type, with the other filters", async () => {
    await consultant({
      Name: "Filter Punjabi Canada",
      country: "canada",
      languagesSpoken: "punjabi,english",
      Services: "Family Reunion,Appeals",
    });
    await consultant({
      Name: "Filter Punjabi Germany",
      country: "germany",
      languagesSpoken: "Punjabi",
      Services: "Family Reunion",
    });
    await consultant({
      Name: "Filter Balochi",
      country: "canada",
      languagesSpoken: "balochi",
      Services: "Family Reunion Extra",
    });

    expect(await names("search=Filter&language=punjabi")).toEqual([
      "Filter Punjabi Canada",
      "Filter Punjabi Germany",
    ]);
    expect(await names("search=Filter&language=PUNJABI&country=canada")).toEqual(["Filter Punjabi Canada"]);
    // A visa type is a whole item of the services, not a part of one.
    expect(await names("search=Filter&visaType=family%20reunion")).toEqual([
      "Filter Punjabi Canada",
      "Filter Punjabi Germany",
    ]);
    expect(await names("search=Filter&visaType=Appeals&language=english")).toEqual(["Filter Punjabi Canada"]);
    expect(await names("search=Filter&language=balochi&visaType=appeals")).toEqual([]);
  });

  it("refuses a language not in the list, naming it", async () => {
    const answer = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants?language=klingon` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toEqual({ language: messages.languageInvalid });
  });
});

describe("the first page's count", () => {
  it("says how many match on the first page only, and follows the filters", async () => {
    for (const n of [1, 2, 3])
      await consultant({ Name: `Counted Hindi ${n}`, languagesSpoken: "hindi", Services: "Counted Visa" });
    await consultant({ Name: "Counted Other", languagesSpoken: "english", Services: "Counted Visa" });
    await consultant({ Name: "Counted Unlisted", languagesSpoken: "hindi" }, false);

    const first = await get("consultants?search=Counted&limit=2");
    expect(first).toMatchObject({ total: 4 });
    expect(first).not.toHaveProperty("totalIsEstimate");
    expect(await get("consultants?search=Counted&language=hindi")).toMatchObject({ total: 3 });
    expect(await get("consultants?language=hindi&visaType=counted%20visa")).toMatchObject({ total: 3 });
    expect(await get("consultants?search=Counted&language=german")).toMatchObject({ data: [], total: 0 });
    const second = await get(`consultants?search=Counted&limit=2&cursor=${first.nextCursor}`);
    expect(second.data).toHaveLength(2);
    expect(second).not.toHaveProperty("total");
  });
});
