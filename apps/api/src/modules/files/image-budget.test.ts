import { randomUUID } from "node:crypto";
import {
  IMAGE_PURPOSES,
  serverMessages,
  THUMBNAIL_SIDE,
  uploadMessages,
} from "@visadesk/contract/common-constants";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countFiles, createTestApp, multipart, type TestApp } from "#test/helpers";
import { createImageQueue, ImageQueueFull, imageQueue } from "./image-queue";

/**
 * Small uploads that cost a lot: a compact file of a big noisy canvas, a TIFF, an animation of many frames.
 * Each must be stored scaled to its purpose and compact, whatever it decodes to.
 */
let t: TestApp;
let staff: { authorization: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.signIn("Staff")).headers;
});
afterAll(() => t.close());

type Upload = { fileName: string; content: Buffer; contentType: string };
const upload = (fileName: string, content: Buffer): Upload => ({
  fileName,
  content,
  contentType: "image/x-any",
});

/** Random pixels: what compresses worst once decoded, so the cost of a decoded canvas shows in full. */
const noise = (width: number, height: number, pageHeight?: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
      ...(pageHeight ? { pageHeight } : {}),
    },
  });

let counter = 0;
const unique = () => `${++counter}${randomUUID().slice(0, 6)}`;

/** Public: anyone may send it, no account needed. */
const register = (ProfilePic: Upload) => {
  const n = unique();
  const form = multipart(
    {
      UserName: `bigpic${n}`,
      Email: `bigpic${n}@example.com`,
      FirstName: "Big",
      LastName: "Picture",
      PhoneNumber: "+92 300 1234567",
      Password: "a-long-password",
    },
    { ProfilePic },
  );
  return t.app.inject({ method: "POST", url: "/api/v2/connect/register", ...form });
};

const addAppUser = (files: Record<string, Upload>) => {
  const n = unique();
  const form = multipart(
    {
      UserName: `pixels${n}`,
      Email: `pixels${n}@example.com`,
      FirstName: "Pia",
      LastName: "Pixels",
      PhoneNumber: `+92 300 ${String(3000000 + counter)}`,
      DateOfBirth: "1991-02-03",
      cnic: `35203-${String(3000000 + counter).padStart(7, "0")}-${counter % 10}`,
      Address: "1 Canal Road, Lahore",
      Password: "app-user-password",
    },
    files,
  );
  return t.app.inject({
    method: "POST",
    url: "/api/v2/User/adduser",
    payload: form.payload,
    headers: { ...staff, ...form.headers },
  });
};

/** What the server stored for a path, read back as a caller sees it, and the row's recorded size. */
async function stored(path: string) {
  const served = await t.app.inject({
    method: "GET",
    url: path,
    headers: path.startsWith("/api/") ? staff : {},
  });
  expect(served.statusCode).toBe(200);
  const id = path.split("/").pop() ?? "";
  const row = await t.db.kysely
    .selectFrom("files")
    .select("size")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(Number(row.size)).toBe(served.rawPayload.length);
  return { bytes: served.rawPayload.length, metadata: await sharp(served.rawPayload).metadata() };
}

async function registeredPicture(userName: string) {
  const row = await t.db.kysely
    .selectFrom("users")
    .select("profilePic")
    .where("userName", "=", userName)
    .executeTakeFirstOrThrow();
  return row.profilePic;
}

describe("an upload is decoded within its purpose's budget and stored scaled down, as compact WebP", () => {
  it("a small AVIF of a big noise canvas, sent without signing in: a 512 px WebP of a few KB", async () => {
    const avif = await noise(3000, 2000).avif({ quality: 1, effort: 0 }).toBuffer();
    // The attack's shape: a file far smaller than what it decodes to (18 MB of pixels here).
    expect(avif.length).toBeLessThan(100 * 1024);
    const response = await register(upload("me.avif", avif));
    expect(response.statusCode).toBe(201);
    const path = await registeredPicture(response.json().user.userName);
    expect(path).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    const { bytes, metadata } = await stored(path ?? "");
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 341 });
    expect(bytes).toBeLessThanOrEqual(IMAGE_PURPOSES.profilePicture.maxStoredBytes);
  });

  it("a canvas over the purpose's pixel budget: 413 naming the limit, before decoding, nothing stored", async () => {
    const before = await countFiles(t);
    // 20 megapixels: more than a profile picture may have (16), within a CNIC image's budget (24).
    const tiff = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: "#3366cc" } })
      .tiff({ compression: "deflate" })
      .toBuffer();
    const picture = await addAppUser({ ProfilePic: upload("me.tiff", tiff) });
    expect(picture.statusCode).toBe(413);
    expect(picture.json().message).toBe(
      "The image is too large: a profile picture may have at most 16 megapixels and 10,000 pixels a side",
    );
    expect(await countFiles(t)).toBe(before);

    const cnic = await addAppUser({ cnicFront: upload("front.tiff", tiff) });
    expect(cnic.statusCode).toBe(201);
    const { metadata } = await stored(cnic.json().cnicFront);
    expect(metadata).toMatchObject({ format: "webp", width: 2000, height: 1600 });
  });

  it("a multi-page noise TIFF: the first page only, scaled to each purpose, under each stored-size cap", async () => {
    const page = await noise(2400, 1600).raw().toBuffer();
    const tiff = await sharp(Buffer.concat([page, page, page]), {
      raw: { width: 2400, height: 4800, channels: 3, pageHeight: 1600 },
    })
      .tiff({ compression: "jpeg", quality: 40 })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(3);
    const response = await addAppUser({
      ProfilePic: upload("me.tiff", tiff),
      cnicFront: upload("front.tiff", tiff),
    });
    expect(response.statusCode).toBe(201);
    const picture = await stored(response.json().profilePic);
    expect(picture.metadata).toMatchObject({ format: "webp", width: 512, height: 341 });
    expect(picture.metadata.pages ?? 1).toBe(1);
    expect(picture.bytes).toBeLessThanOrEqual(IMAGE_PURPOSES.profilePicture.maxStoredBytes);
    const cnic = await stored(response.json().cnicFront);
    expect(cnic.metadata).toMatchObject({ format: "webp", width: 2000, height: 1333 });
    expect(cnic.bytes).toBeLessThanOrEqual(IMAGE_PURPOSES.cnic.maxStoredBytes);
  });

  it("an animated WebP of 999 frames, sent without signing in: its first frame only, as a still picture", async () => {
    const frames = 999;
    const animation = await noise(48, 48 * frames, 48)
      .webp({ quality: 50, effort: 0 })
      .toBuffer();
    expect((await sharp(animation).metadata()).pages).toBe(frames);
    expect(animation.length).toBeLessThan(2 * 1024 * 1024);
    const response = await register(upload("me.webp", animation));
    expect(response.statusCode).toBe(201);
    const { bytes, metadata } = await stored((await registeredPicture(response.json().user.userName)) ?? "");
    expect(metadata).toMatchObject({ format: "webp", width: 48, height: 48 });
    expect(metadata.pages ?? 1).toBe(1);
    // One frame, not 999.
    expect(bytes).toBeLessThan(animation.length / 100);
  });
});

describe("the public registration form has a smaller budget than a signed-in upload", () => {
  it("a 3 MB picture: 413 naming 2 MB on the public form, accepted from a signed-in user", async () => {
    const photo = await noise(1100, 1000).png({ compressionLevel: 0 }).toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const refused = await register(upload("me.png", photo));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe("The file is too large: images must be at most 2 MB");
    const accepted = await addAppUser({ ProfilePic: upload("me.png", photo) });
    expect(accepted.statusCode).toBe(201);
  });

  it("registering has its own rate limit per address", async () => {
    const limited = await createTestApp({ config: { registerRateLimit: 2 } });
    try {
      const answers = [];
      for (const n of [1, 2, 3]) {
        answers.push(
          await limited.app.inject({
            method: "POST",
            url: "/api/v2/connect/register",
            ...multipart({
              UserName: `ratelimited${n}`,
              Email: `ratelimited${n}@example.com`,
              FirstName: "Rate",
              LastName: "Limited",
              PhoneNumber: "+92 300 1234567",
              Password: "a-long-password",
            }),
          }),
        );
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2]?.json().message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe("lists show thumbnails, never originals", () => {
  it("a picture's thumbnail is a small WebP, THUMBNAIL_SIDE on its shorter side", async () => {
    const response = await addAppUser({
      ProfilePic: upload("me.jpg", await noise(900, 600).jpeg().toBuffer()),
    });
    expect(response.statusCode).toBe(201);
    const path: string = response.json().profilePic;
    const original = await stored(path);
    const thumbnail = await t.app.inject({ method: "GET", url: `${path}?size=thumbnail` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 192,
      height: THUMBNAIL_SIDE,
    });
    expect(thumbnail.rawPayload.length).toBeLessThan(original.bytes / 3);
  });

  it("an image stored before thumbnails existed gets one on first ask, kept for the next", async () => {
    const id = `${randomUUID()}.png`;
    const content = await noise(600, 400).png().toBuffer();
    await t.db.kysely
      .insertInto("files")
      .values({
        id,
        contentType: "image/png",
        size: content.length,
        content,
        thumbnail: null,
        isPrivate: false,
        createdAt: new Date().toISOString(),
        createdBy: null,
      })
      .execute();
    const first = await t.app.inject({ method: "GET", url: `/files/${id}?size=thumbnail` });
    expect(first.statusCode).toBe(200);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 192, height: THUMBNAIL_SIDE });
    const row = await t.db.kysely
      .selectFrom("files")
      .select("thumbnail")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.thumbnail ?? []).equals(first.rawPayload)).toBe(true);
    // The original is still there for the details page.
    const original = await t.app.inject({ method: "GET", url: `/files/${id}` });
    expect(original.rawPayload.equals(content)).toBe(true);
  });

  it("a private (CNIC) image has no public thumbnail", async () => {
    const response = await addAppUser({
      cnicFront: upload("front.png", await noise(50, 40).png().toBuffer()),
    });
    const name = String(response.json().cnicFront).split("/").pop();
    const answer = await t.app.inject({ method: "GET", url: `/files/${name}?size=thumbnail` });
    expect(answer.statusCode).toBe(404);
  });
});

describe("a burst of uploads", () => {
  it("is worked on a few at a time, while the server keeps answering other requests", async () => {
    const photo = await noise(2400, 1600).jpeg({ quality: 95 }).toBuffer();
    // More uploads than the queue works on at once, so some must wait their turn.
    const burst = imageQueue.limit + 3;
    let finished = 0;
    const uploads = Array.from({ length: burst }, () =>
      addAppUser({ cnicFront: upload("front.jpg", photo) }).then((answer) => {
        finished += 1;
        return answer;
      }),
    );
    // The burst has reached the images: some are worked on, the others wait.
    await vi.waitFor(() => expect(imageQueue.stats().waiting).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 5,
    });
    const health = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(health.statusCode).toBe(200);
    // Answered while uploads were still in flight, not after the burst.
    expect(finished).toBeLessThan(burst);
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(burst).fill(201));
    expect(imageQueue.stats().peakActive).toBeLessThanOrEqual(imageQueue.limit);
    expect(imageQueue.stats()).toMatchObject({ active: 0, waiting: 0 });
    // Several large re-encodings: on two busy cores the burst alone can take half a minute.
  }, 120_000);
});

describe("past the queue's waiting room", () => {
  it("the queue refuses more than it may hold waiting", async () => {
    const queue = createImageQueue(1, 1);
    let finish: () => void = () => undefined;
    const working = queue.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const waiting = queue.run(async () => "waited");
    await expect(queue.run(async () => "third")).rejects.toBeInstanceOf(ImageQueueFull);
    finish();
    await working;
    expect(await waiting).toBe("waited");
  });

  it("an upload then answers 503 with Retry-After and stores nothing", async () => {
    const files = await countFiles(t);
    const full = vi.spyOn(imageQueue, "run").mockRejectedValueOnce(new ImageQueueFull());
    try {
      const response = await addAppUser({
        cnicFront: upload("front.png", await noise(50, 40).png().toBuffer()),
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toMatchObject({ message: serverMessages.imagesBusy });
      expect(await countFiles(t)).toBe(files);
    } finally {
      full.mockRestore();
    }
  });
});

it("the messages name the limits in force", () => {
  expect(uploadMessages.storedTooLarge("cnic")).toBe(
    "The image is too detailed to store: a CNIC image, scaled to 2000 pixels a side, must fit in 1.5 MB. Please choose a simpler picture.",
  );
});
