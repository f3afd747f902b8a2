import { IMAGE_PURPOSES, type ImagePurpose } from "@visadesk/contract/common-constants";
import fc from "fast-check";
import sharp from "sharp";
import { expect, it } from "vitest";
import { multipart } from "../helpers";
import { examples } from "./examples";
import { imageRecipe, multipartRequest, renderImage } from "./multipart-bodies";
import { FUZZ_TIMEOUT, fuzz, readEverything, runsFor, useFuzzApp } from "./support";

const suite = useFuzzApp();

it(
  "multipart forms, random and hostile (files of random bytes, names and types, broken framing, too many parts), to every route that takes a body",
  async () => {
    const ids = Object.values(suite.samples).flat();
    let sent = 0;
    const writes = suite.targets.filter((target) => target.method !== "GET");
    expect(writes.filter((target) => target.multipart).length).toBeGreaterThanOrEqual(4);
    for (const target of writes) {
      for (const signedIn of [true, false]) {
        // The forms' own routes get the most; the others show a form where JSON is due is refused cleanly.
        const base = target.multipart ? 150 : 10;
        const runs = runsFor(target, signedIn ? base : target.public ? base / 2 : 3);
        // A declared id in the query (update-user) names a live record, so the form itself is what is fuzzed.
        const query = target.query?.properties?.id ? `?id=${suite.samples.user[0]}` : "";
        const path = `${target.url.replace(/:[A-Za-z0-9_]+/g, () => ids[0] ?? "1")}${query}`;
        const example = examples(suite.samples)[`${target.method} ${target.url}`];
        await fuzz(multipartRequest(ids, example), runs, async ({ payload, contentType }) => {
          sent += 1;
          await suite.send(
            {
              method: target.method as "POST",
              url: path,
              payload,
              headers: { ...(signedIn ? suite.adminHeaders() : {}), "content-type": contentType },
            },
            target,
          );
        });
      }
    }
    console.info(`Multipart: ${sent} requests to ${writes.length} routes`);
  },
  FUZZ_TIMEOUT,
);

/** Each upload field of the product's forms, and what its image is for. */
const UPLOAD_FIELDS: ReadonlyArray<{ route: string; field: string; purpose: ImagePurpose; public?: true }> = [
  { route: "POST /api/v2/connect/register", field: "ProfilePic", purpose: "profilePicture", public: true },
  { route: "POST /api/v2/User/adduser", field: "ProfilePic", purpose: "profilePicture" },
  { route: "POST /api/v2/User/adduser", field: "cnicFront", purpose: "cnic" },
  { route: "POST /api/v2/User/adduser", field: "cnicBack", purpose: "cnic" },
  { route: "POST /api/v2/Consultants/register", field: "Logo", purpose: "logo" },
  { route: "POST /api/v2/Consultants/register", field: "ProfilePic", purpose: "profilePicture" },
  { route: "POST /api/v2/Consultants/register", field: "ProfilePicThumbnail", purpose: "profilePicture" },
];

it(
  "real images of random formats, sizes and frame counts to every upload field: stored within the field's budget, or 413/415 in the product's shape",
  async () => {
    const { t } = suite;
    const storedFiles = async () =>
      t.db.kysely.selectFrom("files").select(["id", "size", "contentType", "content"]).execute();
    const statuses: Record<number, number> = {};
    let sequence = 0;
    for (const upload of UPLOAD_FIELDS) {
      const [method, url] = upload.route.split(" ") as ["POST", string];
      const target = suite.targets.find(
        (candidate) => `${candidate.method} ${candidate.url}` === upload.route,
      );
      expect(target, upload.route).toBeDefined();
      const example = examples(suite.samples)[upload.route];
      expect(example, upload.route).toBeDefined();
      await fuzz(
        fc.tuple(example as fc.Arbitrary<Record<string, unknown>>, imageRecipe),
        8,
        async ([form, recipe]) => {
          sequence += 1;
          // A CNIC number of its own, so a stored image is never refused as a duplicate account.
          const fields = {
            ...form,
            ...(form.cnic
              ? { cnic: `35${String(100 + sequence).padStart(3, "0")}-${String(1_000_000 + sequence)}-1` }
              : {}),
          };
          const content = await renderImage(recipe);
          const body = multipart(fields as Record<string, string>, {
            [upload.field]: {
              fileName: `upload.${recipe.format}`,
              content,
              contentType: "application/octet-stream",
            },
          });
          const before = new Set((await storedFiles()).map((file) => file.id));
          const answer = await suite.send(
            {
              method,
              url,
              payload: body.payload,
              headers: { ...(upload.public ? {} : suite.adminHeaders()), ...body.headers },
            },
            target as NonNullable<typeof target>,
          );
          statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
          const shown = `${JSON.stringify(recipe)} (${content.length} bytes) as ${upload.field} to ${upload.route}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
          if (answer.statusCode >= 400) {
            expect([413, 415], shown).toContain(answer.statusCode);
            const keys = Object.keys(answer.json());
            expect(
              keys.every((key) => ["message", "code", "error", "fieldErrors"].includes(key)),
              shown,
            ).toBe(true);
            return;
          }
          expect([200, 201], shown).toContain(answer.statusCode);
          const added = (await storedFiles()).filter((file) => !before.has(file.id));
          expect(added.length, shown).toBe(1);
          const { maxSide, maxStoredBytes } = IMAGE_PURPOSES[upload.purpose];
          for (const file of added) {
            expect(file.contentType, shown).toBe("image/webp");
            expect(Number(file.size), shown).toBeLessThanOrEqual(maxStoredBytes);
            const metadata = await sharp(file.content).metadata();
            expect(Math.max(metadata.width, metadata.height), shown).toBeLessThanOrEqual(maxSide);
            expect(metadata.pages ?? 1, shown).toBe(1);
          }
        },
      );
    }
    console.info(`Image uploads: ${JSON.stringify(statuses)}`);
    // Both ways were taken: images stored, and images refused.
    expect(statuses[201] ?? 0).toBeGreaterThan(0);
    expect((statuses[413] ?? 0) + (statuses[415] ?? 0)).toBeGreaterThan(0);
  },
  FUZZ_TIMEOUT,
);

it(
  "serves back every record the multipart forms stored: no 5xx on any list or detail",
  async () => {
    expect(await readEverything(suite)).toBeGreaterThan(50);
  },
  FUZZ_TIMEOUT,
);
