import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { approvedConsultant, CUSTOMER_API } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { CardsBusy, createCardRenderer } from "./consultant-card";
import { profilePage } from "./page";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host: "visas.example.com", ...headers } });
/** A card's address, with its version when given. */
const cardUrl = (id: string, v?: string) =>
  `${CUSTOMER_API}/consultants/${id}/card${v === undefined ? "" : `?v=${encodeURIComponent(v)}`}`;

describe("a consultant's link-preview card", () => {
  it("is a 1200 × 630 PNG, kept for good under its version and revalidated by its ETag otherwise", async () => {
    const id = await approvedConsultant(t, admin, {
      Name: `Tom "<Card>" & 'Sons' ${"Long ".repeat(20)}`,
      Fee: "4500",
      country: "canada,uk,usa,australia,germany",
    });
    const plain = await get(cardUrl(id));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("image/png");
    expect(plain.headers["cache-control"]).toBe("public, no-cache");
    const image = await sharp(plain.rawPayload).metadata();
    expect([image.format, image.width, image.height]).toEqual(["png", 1200, 630]);
    const etag = String(plain.headers.etag);
    const version = etag.replaceAll('"', "");
    expect(version).toMatch(/^[\w-]{16}$/);

    const current = await get(cardUrl(id, version));
    expect(current.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(current.rawPayload.equals(plain.rawPayload)).toBe(true);
    const again = await get(cardUrl(id, version), { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);

    // The fee changes: a new version, and the old one is no longer kept for good.
    await t.db.kysely.updateTable("consultants").set({ fee: 5200 }).where("guidId", "=", id).execute();
    const changed = await get(cardUrl(id, version), { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers["cache-control"]).toBe("public, no-cache");
  });

  it("is what a profile without a picture shares as its og:image, at its current version", async () => {
    const id = await approvedConsultant(t, admin, { Name: "Hina Card", Fee: "3000" });
    const version = String((await get(cardUrl(id))).headers.etag).replaceAll('"', "");
    const api = await get(`${CUSTOMER_API}/consultants/${id}`);
    expect(api.json()).toMatchObject({ logoUrl: null, profilePic: null });
    const html = profilePage("<html><head><title>VisaDesk</title><!--app-meta--></head></html>", api.json(), {
      origin: "https://visas.example.com",
      pageUrl: `https://visas.example.com/book/consultants/${id}`,
    });
    expect(html).toContain(
      `<meta property="og:image" content="https://visas.example.com${cardUrl(id, version)}">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("is not found for a consultant not listed: unapproved, deleted, unknown or not a guidId", async () => {
    const unapproved = (await registerConsultant(t.app, admin)).guidId;
    const deleted = await approvedConsultant(t, admin);
    await t.db.kysely
      .updateTable("consultants")
      .set({ deletedAt: new Date().toISOString() })
      .where("guidId", "=", deleted)
      .execute();
    for (const id of [unapproved, deleted, randomUUID(), "not-a-guid"]) {
      const response = await get(cardUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: "Consultant not found" });
    }
  });

  it("draws at most two cards at once in a process: a third asked meanwhile is refused, not queued", async () => {
    const card = createCardRenderer();
    const consultant = (name: string) =>
      ({
        guidId: randomUUID(),
        name,
        businessName: "Card Advisers",
        country: ["uk"],
        visaOffer: null,
        services: null,
        fee: 100,
        currency: "PKR",
        rating: null,
        experience: null,
        isPremium: false,
        logoUrl: null,
        profilePic: null,
      }) as Parameters<typeof card>[0];
    const drawing = [card(consultant("One")), card(consultant("Two"))];
    await expect(card(consultant("Three"))).rejects.toBeInstanceOf(CardsBusy);
    await Promise.all(drawing);
    // Once drawn, a card is kept: asked again, it is answered without drawing.
    const first = consultant("Four");
    await card(first);
    const busy = [card(consultant("Five")), card(consultant("Six"))];
    await expect(card(first)).resolves.toMatchObject({ version: expect.any(String) });
    await Promise.all(busy);
  });
});
