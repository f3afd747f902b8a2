import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedConsultant, CUSTOMER_API } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { en } from "../../../../book/src/i18n/en";
import { ur } from "../../../../book/src/i18n/ur";

/** The customer site's index.html in miniature: its <html> attributes, meta slot, empty root, one script. */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" /><title>VisaDesk</title>' +
  '<!--app-meta--><script type="module" crossorigin src="/book/assets/index-Bx7k2Q.js"></script></head>' +
  '<body><div id="root"></div><noscript>VisaDesk needs JavaScript.</noscript></body></html>';
const bookDist = fs.mkdtempSync(path.join(os.tmpdir(), "visadesk-book-paint-"));
fs.writeFileSync(path.join(bookDist, "index.html"), INDEX);

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: true, config: { customerSiteDist: bookDist } });
  admin = (await t.signIn("Admin")).headers;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(bookDist, { recursive: true, force: true });
});

const page = async (id: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: "GET", url: `/book/consultants/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** What a reader sees of the server's body: its text, tags dropped and entities read. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const rootOf = (html: string) =>
  /<div id="root" data-served="profile">([\s\S]*?)<\/div><script/.exec(html)?.[1];
const dataOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="served-profile">([^<]*)<\/script>/.exec(html)?.[1] ?? "null",
  );

async function officeFor(guidId: string, office: { address: string; city: string }) {
  const consultant = await t.db.kysely
    .selectFrom("consultants")
    .select("id")
    .where("guidId", "=", guidId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto("consultantAddresses")
    .values({
      guidId: randomUUID(),
      consultantId: consultant.id,
      isActive: true,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
      createdBy: "admin",
      updatedBy: "admin",
      ...office,
      state: "Punjab",
      country: "pakistan",
      zipCode: "54000",
      latitude: null,
      longitude: null,
    })
    .execute();
}

describe("a consultant's profile painted on the server", () => {
  it("writes the profile into the page's body, and hands the site the same profile the API answers", async () => {
    const id = await approvedConsultant(t, admin, {
      Name: "Amina Painted",
      BusinessName: "Khan Visa Advisers",
      country: "canada,uk",
      Fee: "5000",
      Services: "Consultation,Filing",
      AboutInfo: "Ten years of student visas.",
      website: "https://khan.example.com",
    });
    await officeFor(id, { address: "12 Mall Road", city: "Lahore" });
    const html = await page(id);
    const body = rootOf(html) ?? "";
    const text = textOf(body);
    for (const shown of [
      "Amina Painted",
      "Khan Visa Advisers",
      en.consultant.fee,
      "5,000",
      "Canada and United Kingdom",
      en.consultant.about,
      "Ten years of student visas.",
      "Consultation,Filing",
      en.consultant.offices,
      "12 Mall Road, Lahore, Punjab, 54000, pakistan",
      en.consultant.hours,
      "Monday",
      en.consultant.back,
    ]) {
      expect(text).toContain(shown);
    }
    expect(body).toContain("<h1>Amina Painted</h1>");
    expect(body).toContain('<a href="https://khan.example.com" rel="noopener noreferrer nofollow ugc"');
    expect(html).toContain('<html lang="en-PK" dir="ltr">');
    const api = await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/consultants/${id}` });
    expect(dataOf(html)).toEqual(api.json());
    // Nothing of the consultant's contacts.
    expect(html).not.toMatch(/khan-visas|@|\+92/);
  });

  it("paints in Urdu, right to left, for a reader who chose it or whose browser asks for it first", async () => {
    const id = await approvedConsultant(t, admin, { Name: "Bilal Urdu", Fee: "3000", country: "uk" });
    const english = await page(id, { "accept-language": "en-GB,ur;q=0.8" });
    expect(english).toContain('<html lang="en-PK" dir="ltr">');
    const urdu: Record<string, string>[] = [
      { cookie: "other=1; visadesk-book-language=ur" },
      { "accept-language": "ur-PK,en;q=0.5" },
    ];
    for (const headers of urdu) {
      const html = await page(id, headers);
      expect(html).toContain('<html lang="ur-PK" dir="rtl">');
      const text = textOf(rootOf(html) ?? "");
      for (const shown of [ur.consultant.fee, ur.consultant.hours, ur.consultant.back, ur.app.skip]) {
        expect(text).toContain(shown);
      }
      expect(text).not.toContain(en.consultant.hours);
      expect(html).toContain('<option value="ur" lang="ur-PK" selected>');
    }
    // The choice remembered beats the browser's.
    const chosen = await page(id, { cookie: "visadesk-book-language=en", "accept-language": "ur" });
    expect(chosen).toContain('<html lang="en-PK" dir="ltr">');
  });

  it("escapes everything a consultant wrote: no tag, attribute or script of theirs reaches the page", async () => {
    const name = `Tom </script><script>alert(1)</script> "x" & 'y'`;
    const about = `<img src=x onerror=alert(2)> </div></main><script>alert(3)</script>`;
    const id = await approvedConsultant(t, admin, {
      Name: name,
      BusinessName: `<b onclick="alert(4)">Bold</b>`,
      AboutInfo: about,
      Services: "<iframe src=//evil.example>",
    });
    await officeFor(id, { address: `"><svg onload=alert(5)>`, city: "Lahore" });
    const html = await page(id);
    expect(html).not.toMatch(/<(img src=x|b onclick|iframe|svg)\b/);
    expect(html).not.toContain("<script>alert");
    // The template's one script runs; the profile's data is none.
    expect(html.match(/<script\b(?![^>]*type="application\/json")/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const text = textOf(rootOf(html) ?? "");
    expect(text).toContain(name.replace(/\s+/g, " "));
    expect(text).toContain(about.replace(/\s+/g, " "));
    expect(dataOf(html)).toMatchObject({ name, aboutInfo: about, services: "<iframe src=//evil.example>" });
  });

  it("leaves a website that is not a web address unlinked", async () => {
    const id = await approvedConsultant(t, admin, { Name: "Cara Link" });
    // Whatever an older form let through: no javascript: address becomes a link on the page.
    await t.db.kysely
      .updateTable("consultants")
      .set({ website: "javascript:alert(1)" })
      .where("guidId", "=", id)
      .execute();
    const body = rootOf(await page(id)) ?? "";
    expect(body).toContain("<h1>Cara Link</h1>");
    expect(body).not.toContain("javascript:");
  });
});
