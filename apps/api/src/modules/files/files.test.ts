import { randomUUID } from "node:crypto";
import { serverMessages, uploadMessages } from "@visadesk/contract/common-constants";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_AS_JPG, PNG_1PX, pngDeclaring, SVG_AS_PNG } from "#test/fixtures";
import { countFiles, createTestApp, multipart, type TestApp } from "#test/helpers";

let t: TestApp;
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

type Upload = { fileName: string; content: Buffer; contentType: string };

/** A consultant with a Logo (PNG and JPEG only), through the spec's multipart call. */
const addConsultant = (Logo: Upload) => {
  const body = multipart(
    {
      Name: `Logo Test ${randomUUID().slice(0, 8)}`,
      BusinessName: "Pixels Ltd",
      ContactEmail: "px@example.com",
      PhoneNumber: "+1 555 0100",
    },
    { Logo },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/v2/Consultants/register",
    payload: body.payload,
    headers: { ...staff, ...body.headers },
  });
};

let appUserCounter = 0;
/** An app user with a profile picture and CNIC images (any image type). */
const addAppUser = (files: Record<string, Upload>) => {
  appUserCounter += 1;
  const n = `${appUserCounter}${randomUUID().slice(0, 6)}`;
  const body = multipart(
    {
      UserName: `pixel${n}`,
      Email: `pixel${n}@example.com`,
      FirstName: "Pia",
      LastName: `Pixel${n}`,
      PhoneNumber: `+92 300 ${String(2000000 + appUserCounter)}`,
      DateOfBirth: "1991-02-03",
      cnic: `35202-${String(2000000 + appUserCounter).padStart(7, "0")}-${appUserCounter % 10}`,
      Address: "1 Canal Road, Lahore",
      Password: "app-user-password",
    },
    files,
  );
  return t.app.inject({
    method: "POST",
    url: "/api/v2/User/adduser",
    payload: body.payload,
    headers: { ...staff, ...body.headers },
  });
};

const GPS_MARKER = "VISADESK-GPS-MARKER";

/** A phone photo: 64x48 JPEG with a GPS location in its EXIF and "rotate 90°" as its orientation. */
async function photoWithLocation() {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Copyright: "Owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "31/1 33/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "74/1 20/1 0/1",
        GPSMapDatum: GPS_MARKER,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  // The fixture really carries what the upload must lose.
  const metadata = await sharp(photo).metadata();
  expect(metadata.orientation).toBe(6);
  expect(metadata.exif?.includes(GPS_MARKER)).toBe(true);
  return { fileName: "holiday.jpg", content: photo, contentType: "image/jpeg" };
}

async function expectStrippedPhoto(path: string, headers: Record<string, string> = {}) {
  const served = await t.app.inject({ method: "GET", url: path, headers });
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toBe("image/webp");
  expect(served.headers["x-content-type-options"]).toBe("nosniff");
  expect(served.headers["content-security-policy"]).toMatch(/; sandbox$/);
  expect(served.rawPayload.includes(GPS_MARKER)).toBe(false);
  expect(served.rawPayload.includes("PhoneMaker")).toBe(false);
  const metadata = await sharp(served.rawPayload).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  // The orientation was applied to the pixels: the 64x48 photo now stands upright.
  expect([metadata.width, metadata.height]).toEqual([48, 64]);
}

describe("uploaded images are re-encoded", () => {
  it("a consultant logo loses its EXIF (GPS location) and is turned upright", async () => {
    const response = await addConsultant(await photoWithLocation());
    expect(response.statusCode).toBe(201);
    expect(response.json().logoURL).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    await expectStrippedPhoto(response.json().logoURL);
  });

  it("an app user's picture and CNIC images lose theirs too (CNIC served to back-office users only)", async () => {
    const photo = await photoWithLocation();
    const response = await addAppUser({ ProfilePic: photo, cnicFront: photo });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    await expectStrippedPhoto(user.profilePic);
    expect((await t.app.inject({ method: "GET", url: user.cnicFront })).statusCode).toBe(401);
    await expectStrippedPhoto(user.cnicFront, staff);
  });

  it("drops anything hidden after the image data", async () => {
    const polyglot = Buffer.concat([PNG_1PX, Buffer.from("<script>alert(1)</script>")]);
    const response = await addAppUser({
      ProfilePic: { fileName: "me.png", content: polyglot, contentType: "image/png" },
    });
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ method: "GET", url: response.json().profilePic });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.rawPayload.includes("<script>")).toBe(false);
  });

  it("stores every accepted format (PNG, JPEG, WebP, GIF, TIFF, AVIF) as WebP, at its own size", async () => {
    const image = sharp({ create: { width: 8, height: 6, channels: 3, background: "#cc3333" } });
    const cases = {
      png: await image.clone().png().toBuffer(),
      jpeg: await image.clone().jpeg().toBuffer(),
      webp: await image.clone().webp().toBuffer(),
      gif: await image.clone().gif().toBuffer(),
      tiff: await image.clone().tiff().toBuffer(),
      avif: await image.clone().avif().toBuffer(),
    };
    for (const [format, content] of Object.entries(cases)) {
      const response = await addAppUser({
        ProfilePic: { fileName: `me.${format}`, content, contentType: "image/x-any" },
      });
      expect(response.statusCode, format).toBe(201);
      const path: string = response.json().profilePic;
      expect(path.endsWith(".webp"), format).toBe(true);
      const served = await t.app.inject({ method: "GET", url: path });
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(await sharp(served.rawPayload).metadata(), format).toMatchObject({
        format: "webp",
        width: 8,
        height: 6,
      });
    }
  });
});

describe("uploads that are refused, leaving nothing stored", () => {
  it("an SVG renamed .png and an HTML page renamed .jpg: 415 with a clear message", async () => {
    const before = await countFiles(t);
    const svgLogo = await addConsultant({
      fileName: "logo.png",
      content: SVG_AS_PNG,
      contentType: "image/png",
    });
    expect(svgLogo.statusCode).toBe(415);
    expect(svgLogo.json().message).toBe(serverMessages.fileTypePngJpeg);
    const htmlLogo = await addConsultant({
      fileName: "logo.jpg",
      content: HTML_AS_JPG,
      contentType: "image/jpeg",
    });
    expect(htmlLogo.statusCode).toBe(415);
    for (const [fileName, content] of [
      ["me.png", SVG_AS_PNG],
      ["me.jpg", HTML_AS_JPG],
    ] as const) {
      const picture = await addAppUser({ ProfilePic: { fileName, content, contentType: "image/jpeg" } });
      expect(picture.statusCode).toBe(415);
      expect(picture.json().message).toBe(serverMessages.fileTypeImage);
    }
    expect(await countFiles(t)).toBe(before);
  });

  it("a small file declaring huge dimensions (a decompression bomb): 413 before any pixel is decoded", async () => {
    const before = await countFiles(t);
    // 10,001 px wide; 4,500 x 4,500 = 20 megapixels (a logo may have 16); 100,000 x 100,000 = 10 gigapixels.
    for (const [width, height] of [
      [10_001, 1],
      [4_500, 4_500],
      [100_000, 100_000],
    ] as const) {
      const bomb = pngDeclaring(width, height);
      expect(bomb.length).toBeLessThan(200);
      const response = await addConsultant({ fileName: "logo.png", content: bomb, contentType: "image/png" });
      expect(response.statusCode, `${width}x${height}`).toBe(413);
      expect(response.json().message).toBe(uploadMessages.tooManyPixels("logo"));
      expect(response.json().message).toBe(
        "The image is too large: a logo may have at most 16 megapixels and 10,000 pixels a side",
      );
    }
    expect(await countFiles(t)).toBe(before);
  });

  it("a damaged image (right signature, broken data): 415 saying it could not be read", async () => {
    const before = await countFiles(t);
    const damaged = pngDeclaring(20, 20);
    const response = await addAppUser({
      ProfilePic: { fileName: "me.png", content: damaged, contentType: "image/png" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(serverMessages.imageUnreadable);
    expect(await countFiles(t)).toBe(before);
  });
});

describe("the links answers give, as the API document says", () => {
  it("a logo's /files/ link is documented as a WebP image with its headers, and served so", async () => {
    const response = await addConsultant({
      fileName: "logo.png",
      content: PNG_1PX,
      contentType: "image/png",
    });
    const logo: string = response.json().logoURL;
    expect(logo).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = document.paths["/files/{name}"].get;
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses["200"].content)).toEqual(["image/webp"]);
    // Each header is said as it is served.
    const headers = operation.responses["200"].headers;
    expect(headers["Content-Type"].description).toMatch(/^image\/webp/);
    expect(headers["Cache-Control"].description).toMatch(/^public, max-age=31536000, immutable/);
    const served = await t.app.inject({ method: "GET", url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const thumbnail = await t.app.inject({ method: "GET", url: `${logo}?size=thumbnail` });
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
  });

  it("the documented API path serves the same logo to staff, never kept by a cache", async () => {
    const response = await addConsultant({
      fileName: "logo.png",
      content: PNG_1PX,
      contentType: "image/png",
    });
    const logo: string = response.json().logoURL;
    const name = logo.replace("/files/", "");
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = document.paths["/api/v2/files/{name}"].get;
    expect(Object.keys(operation.responses["200"].content)).toEqual(["image/webp"]);
    expect(operation.responses["200"].headers["Cache-Control"].description).toMatch(/^private, no-store/);
    const served = await t.app.inject({ method: "GET", url: `/api/v2/files/${name}`, headers: staff });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("private, no-store");
    const original = await t.app.inject({ method: "GET", url: logo });
    expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
    // Not signed in: the API path stays closed, the public link open.
    expect((await t.app.inject({ method: "GET", url: `/api/v2/files/${name}` })).statusCode).toBe(401);
  });

  it("a CNIC image is never served under /files/, and its view through the API is recorded", async () => {
    const response = await addAppUser({
      cnicFront: { fileName: "front.png", content: PNG_1PX, contentType: "image/png" },
    });
    const cnicFront: string = response.json().cnicFront;
    const name = cnicFront.replace("/api/v2/files/", "");
    expect((await t.app.inject({ method: "GET", url: `/files/${name}` })).statusCode).toBe(404);
    const served = await t.app.inject({ method: "GET", url: cnicFront, headers: staff });
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("private, no-store");
    const views = await t.db.kysely
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", name)
      .execute();
    expect(views.map((row) => row.action)).toContain("view-cnic");
  });
});
