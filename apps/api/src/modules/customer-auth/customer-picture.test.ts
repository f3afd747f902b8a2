import { serverMessages, uploadMessages } from "@visadesk/contract/common-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_API, quickCustomer, type SignedInCustomer } from "../../../test/customers";
import { JPEG_1PX, OVERSIZED_PNG, PNG_1PX, pngDeclaring, SVG_AS_PNG } from "../../../test/fixtures";
import { countFiles, createTestApp, multipart, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const file = (content: Buffer, fileName = "me.png", contentType = "image/png") => ({
  fileName,
  contentType,
  content,
});

/** PATCH me as the customer site sends it with a picture: multipart, the text fields beside the file. */
function sendPicture(
  customer: SignedInCustomer,
  picture: ReturnType<typeof file> | undefined,
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, picture ? { picture } : {});
  return t.app.inject({
    method: "PATCH",
    url: `${CUSTOMER_API}/me`,
    payload: form.payload,
    headers: { ...customer.headers, ...form.headers },
  });
}
const me = async (customer: SignedInCustomer) =>
  (await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers: customer.headers })).json();
const removePicture = (customer: SignedInCustomer) =>
  t.app.inject({ method: "DELETE", url: `${CUSTOMER_API}/me/picture`, headers: customer.headers });
const served = (path: string) => t.app.inject({ method: "GET", url: path });

describe("my profile picture", () => {
  it("is uploaded with my details, shown by GET me, replaced (the old one deleted) and removed", async () => {
    const customer = await quickCustomer(t);
    const guidId = (await me(customer)).guidId as string;
    expect((await me(customer)).profilePic).toBeNull();

    const uploaded = await sendPicture(customer, file(PNG_1PX), { firstName: "Sana" });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const first = uploaded.json().profilePic as string;
    expect(first).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    expect(uploaded.json().firstName).toBe("Sana");
    expect((await me(customer)).profilePic).toBe(first);
    // Stored as pixels we wrote (WebP), whatever came in.
    const image = await served(first);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");

    const replaced = await sendPicture(customer, file(JPEG_1PX, "me.jpg", "image/jpeg"));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json().profilePic as string;
    expect(second).not.toBe(first);
    expect(replaced.json().firstName).toBe("Sana");
    expect((await served(first)).statusCode).toBe(404);
    expect((await served(second)).statusCode).toBe(200);

    const removed = await removePicture(customer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().profilePic).toBeNull();
    expect((await me(customer)).profilePic).toBeNull();
    expect((await served(second)).statusCode).toBe(404);

    // Each change is in the history, by the customer.
    const history = await t.db.kysely
      .selectFrom("auditLog")
      .select(["actorGuidId", "changes"])
      .where("entityId", "=", guidId)
      .where("action", "=", "update")
      .orderBy("id")
      .execute();
    expect(history.map((row) => JSON.parse(row.changes ?? "{}").profilePic)).toEqual([
      { from: null, to: first },
      { from: first, to: second },
      { from: second, to: null },
    ]);
    expect(history.every((row) => row.actorGuidId === guidId)).toBe(true);
  });

  it("text-only edits stay JSON, and a multipart form without a picture keeps the one I have", async () => {
    const customer = await quickCustomer(t);
    const picture = (await sendPicture(customer, file(PNG_1PX))).json().profilePic as string;
    const json = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      headers: customer.headers,
      payload: { lastName: "Khan" },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ lastName: "Khan", profilePic: picture });
    const form = await sendPicture(customer, undefined, { phoneNumber: "+92 300 1234567" });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ phoneNumber: "+92 300 1234567", profilePic: picture });
    // The form's fields are checked like the JSON's.
    const bad = await sendPicture(customer, file(PNG_1PX), { timeZone: "Mars/Base" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(["timeZone"]);
    expect((await me(customer)).profilePic).toBe(picture);
  });

  it("refuses what is not an image, too large a file or canvas, and keeps the picture I had", async () => {
    const customer = await quickCustomer(t);
    const picture = (await sendPicture(customer, file(PNG_1PX))).json().profilePic as string;
    const filesBefore = await countFiles(t);

    const script = await sendPicture(customer, file(SVG_AS_PNG));
    expect(script.statusCode).toBe(415);
    expect(script.json().message).toBe(serverMessages.fileTypeImage);
    const large = await sendPicture(customer, file(OVERSIZED_PNG));
    expect(large.statusCode).toBe(413);
    // A few bytes declaring a 100-megapixel canvas: refused from the header, never decoded.
    const bomb = await sendPicture(customer, file(pngDeclaring(10_000, 10_000)));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toBe(uploadMessages.tooManyPixels("profilePicture"));

    expect(await countFiles(t)).toBe(filesBefore);
    expect((await me(customer)).profilePic).toBe(picture);
  });

  it("is mine alone: another customer neither sees it nor changes or removes it", async () => {
    const owner = await quickCustomer(t);
    const other = await quickCustomer(t);
    const picture = (await sendPicture(owner, file(PNG_1PX))).json().profilePic as string;
    expect((await me(other)).profilePic).toBeNull();

    const theirs = (await sendPicture(other, file(JPEG_1PX, "x.jpg", "image/jpeg"))).json().profilePic;
    expect(theirs).not.toBe(picture);
    expect((await removePicture(other)).statusCode).toBe(200);
    expect((await me(owner)).profilePic).toBe(picture);
    expect((await served(picture)).statusCode).toBe(200);

    // Without a session nothing changes.
    const anonymous = multipart({}, { picture: file(PNG_1PX) });
    const refused = await t.app.inject({
      method: "PATCH",
      url: `${CUSTOMER_API}/me`,
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expect(refused.statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: `${CUSTOMER_API}/me/picture` })).statusCode).toBe(
      401,
    );
    expect((await me(owner)).profilePic).toBe(picture);
  });

  it("is deleted when I erase my account", async () => {
    const customer = await quickCustomer(t);
    const picture = (await sendPicture(customer, file(PNG_1PX))).json().profilePic as string;
    expect((await served(picture)).statusCode).toBe(200);
    const erased = await t.app.inject({
      method: "DELETE",
      url: `${CUSTOMER_API}/me`,
      headers: customer.headers,
      payload: { password: customer.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await served(picture)).statusCode).toBe(404);
    expect(
      await t.db.kysely
        .selectFrom("files")
        .select("id")
        .where("id", "=", picture.replace("/files/", ""))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
