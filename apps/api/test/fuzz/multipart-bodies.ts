import { registerFieldsSchema } from "@visadesk/contract/auth";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
} from "@visadesk/contract/consultant-field-maps-constants";
import { consultantFieldsSchema } from "@visadesk/contract/consultants";
import { newAppUserSchema } from "@visadesk/contract/users";
import { APP_USER_FILE_FIELDS, APP_USER_MULTIPART_FIELDS } from "@visadesk/contract/users-constants";
import fc from "fast-check";
import sharp, { type Sharp } from "sharp";
import { GIF_1PX, JPEG_1PX, PNG_1PX, pngDeclaring } from "../fixtures";
import { mutated } from "./examples";
import { fromSchema, hostileKey, hostileText, hostileValue, jsonSchemaOf } from "./hostile";

/** One part of a form: a text field, or a file when it has a file name. */
interface Part {
  name: string;
  value: Buffer;
  fileName?: string;
  contentType?: string;
}

/** The product's forms by their multipart names: field names mapped from the entity names of the schemas. */
const FORMS: ReadonlyArray<{ schema: unknown; names: Record<string, string> }> = [
  { schema: consultantFieldsSchema, names: CONSULTANT_MULTIPART_FIELDS },
  { schema: newAppUserSchema, names: APP_USER_MULTIPART_FIELDS },
  { schema: registerFieldsSchema, names: {} },
];
const FILE_FIELDS = [
  ...new Set([...Object.values(CONSULTANT_FILE_FIELDS), ...Object.values(APP_USER_FILE_FIELDS)]),
];

const asText = (value: unknown) =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : (JSON.stringify(value) ?? "");

/** A form's fields with plausible values (most of them valid), some hostile. */
function formFields(ids: readonly string[]): fc.Arbitrary<Part[]> {
  return fc.oneof(
    ...FORMS.map(({ schema, names }) =>
      fc
        .tuple(
          fromSchema(jsonSchemaOf(schema)),
          fc.option(fc.constantFrom(...ids, "not-a-guid"), { nil: undefined }),
        )
        .map(([values, guid]) => {
          const entries = Object.entries(values && typeof values === "object" ? values : { value: values });
          const parts: Part[] = entries.map(([key, value]) => ({
            name: Object.hasOwn(names, key) ? (names[key] as string) : key,
            value: Buffer.from(asText(value)),
          }));
          if (guid) parts.push({ name: "GuidId", value: Buffer.from(guid) });
          return parts;
        }),
    ),
  );
}

/** File contents: real tiny images, markup renamed as images, truncated images, random bytes. */
const fileContent: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    PNG_1PX,
    JPEG_1PX,
    GIF_1PX,
    Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>'),
    PNG_1PX.subarray(0, 20),
    JPEG_1PX.subarray(0, JPEG_1PX.length - 10),
    Buffer.concat([PNG_1PX.subarray(0, 16), Buffer.alloc(64, 0xff)]),
    Buffer.alloc(0),
  ),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

const fileName = fc.oneof(
  fc.constantFrom(
    "photo.png",
    "photo.jpg",
    "page.html",
    "image.svg",
    "a.png.html",
    "..\\..\\x.png",
    "../../etc/passwd",
    "",
  ),
  hostileText.map((text) => `${text.slice(0, 200)}.png`),
);
const contentType = fc.constantFrom(
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/svg+xml",
  "text/html",
  "application/octet-stream",
  "application/json",
  "",
  'image/png; charset="><script>',
);

const filePart: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FILE_FIELDS) },
    { weight: 1, arbitrary: hostileKey },
  ),
  value: fileContent,
  fileName,
  contentType,
});

const fieldPart: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(
    hostileKey,
    hostileText.map((text) => text.slice(0, 100)),
  ),
  value: hostileText.map((text) => Buffer.from(text)),
});

/** Text put in a part header as it is: quotes, CR/LF, semicolons and NUL break naive parsers. */
const headerText = (text: string) => text.replaceAll("\r", "%0D").replaceAll("\n", "%0A");

function partBytes(boundary: string, part: Part, rawNames: boolean): Buffer {
  const name = rawNames ? part.name : headerText(part.name).replaceAll('"', "%22");
  let head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
  if (part.fileName !== undefined) {
    const file = rawNames ? part.fileName : headerText(part.fileName).replaceAll('"', "%22");
    head += `; filename="${file}"`;
    if (part.contentType) head += `\r\nContent-Type: ${headerText(part.contentType)}`;
  }
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), part.value, Buffer.from("\r\n")]);
}

/**
 * A multipart request body with its content-type: a product form with files, random extra parts, and
 * the ways a body goes wrong (no boundary, another boundary, truncated, no closing line, too many parts,
 * raw quotes and line breaks in part names).
 */
export function multipartRequest(ids: readonly string[], example?: fc.Arbitrary<Record<string, unknown>>) {
  const fromExample = example
    ? mutated(example, hostileValue).map((form) =>
        Object.entries(form).map(([name, value]) => ({ name, value: Buffer.from(asText(value)) })),
      )
    : formFields(ids);
  return fc
    .record({
      form: fc.oneof(
        { weight: 3, arbitrary: formFields(ids) },
        { weight: 3, arbitrary: fromExample },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      files: fc.array(filePart, { maxLength: 3 }),
      extra: fc.array(fieldPart, { maxLength: 3 }),
      flood: fc.oneof(
        { weight: 8, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 61, max: 120 }) },
      ),
      fileFlood: fc.oneof(
        { weight: 8, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 6, max: 12 }) },
      ),
      boundary: fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{10,40}$/) },
        { weight: 1, arbitrary: fc.constantFrom("a", "x".repeat(200), "--", "b b", '"q"') },
      ),
      header: fc.constantFrom("ok", "ok", "ok", "ok", "no-boundary", "other-boundary", "quoted", "mixed"),
      ending: fc.constantFrom("closed", "closed", "closed", "open", "truncated", "preamble"),
      rawNames: fc.oneof(
        { weight: 5, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ form, files, extra, flood, fileFlood, boundary, header, ending, rawNames, cut }) => {
      const parts = [...form, ...files, ...extra];
      for (let i = 0; i < flood; i += 1) parts.push({ name: `field${i}`, value: Buffer.from("x") });
      for (let i = 0; i < fileFlood; i += 1) {
        parts.push({ name: `file${i}`, value: PNG_1PX, fileName: `f${i}.png`, contentType: "image/png" });
      }
      let payload = Buffer.concat(parts.map((part) => partBytes(boundary, part, rawNames)));
      if (ending !== "open") payload = Buffer.concat([payload, Buffer.from(`--${boundary}--\r\n`)]);
      if (ending === "truncated") payload = payload.subarray(0, Math.floor(payload.length * cut));
      if (ending === "preamble")
        payload = Buffer.concat([Buffer.from("junk before the first boundary\r\n"), payload]);
      const contentTypes: Record<string, string> = {
        ok: `multipart/form-data; boundary=${boundary}`,
        "no-boundary": "multipart/form-data",
        "other-boundary": "multipart/form-data; boundary=somethingelse",
        quoted: `multipart/form-data; boundary="${boundary}"`,
        mixed: `multipart/mixed; boundary=${boundary}`,
      };
      const type = contentTypes[header] ?? "multipart/form-data";
      // Printed as text when a property fails (fast-check would print the bytes one by one).
      const shown = `${type}\n${payload.toString("latin1").slice(0, 2_000)}`;
      return { payload, contentType: type, [fc.toStringMethod]: () => shown };
    });
}

/** A real image to upload: its format, size, frame count and content, or a damaged or bomb-like file. */
export interface ImageRecipe {
  format: "png" | "jpeg" | "webp" | "gif" | "avif" | "tiff";
  width: number;
  height: number;
  frames: number;
  noise: boolean;
  /** Cut the file short at this share of its length. */
  cut: number | undefined;
  /** Instead of pixels, a PNG header declaring this canvas (a decompression bomb's shape). */
  declared: [number, number] | undefined;
}

export const imageRecipe: fc.Arbitrary<ImageRecipe> = fc.record({
  format: fc.constantFrom("png", "jpeg", "webp", "gif", "avif", "tiff"),
  width: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 3000 })),
  height: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 3000 })),
  frames: fc.oneof(
    { weight: 3, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 999 }) },
  ),
  noise: fc.boolean(),
  // Mostly whole files of real pixels; now and then one cut short, or a header declaring a huge canvas.
  cut: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.double({ min: 0.05, max: 0.95, noNaN: true }) },
  ),
  declared: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 })),
    },
  ),
});

/**
 * Makes the recipe's file with sharp. The pixels made are capped (fewer frames, and smaller AVIF, which is
 * slow to encode) so a run stays short; the shapes that matter are all there: big canvases, many frames,
 * noise that compresses badly once decoded.
 */
export async function renderImage(recipe: ImageRecipe): Promise<Buffer> {
  if (recipe.declared) return pngDeclaring(...recipe.declared);
  const animated = recipe.format === "webp" || recipe.format === "gif" || recipe.format === "tiff";
  const maxPixels = recipe.format === "avif" ? 1_000_000 : recipe.noise ? 3_000_000 : 8_000_000;
  const scale = Math.min(1, Math.sqrt(maxPixels / (recipe.width * recipe.height)));
  const width = Math.max(1, Math.floor(recipe.width * scale));
  const height = Math.max(1, Math.floor(recipe.height * scale));
  const frames = animated
    ? Math.max(
        1,
        Math.min(recipe.frames, Math.floor(maxPixels / (width * height)), Math.floor(16_000 / height)),
      )
    : 1;
  const image = sharp({
    create: {
      width,
      height: height * frames,
      channels: 3,
      background: "#4477aa",
      ...(recipe.noise ? { noise: { type: "gaussian" as const, mean: 128, sigma: 50 } } : {}),
      ...(frames > 1 ? { pageHeight: height } : {}),
    },
  });
  const encoders: Record<ImageRecipe["format"], (image: Sharp) => Sharp> = {
    png: (i) => i.png({ compressionLevel: 1 }),
    jpeg: (i) => i.jpeg({ quality: 70 }),
    webp: (i) => i.webp({ quality: 50, effort: 0 }),
    gif: (i) => i.gif({ effort: 1 }),
    avif: (i) => i.avif({ quality: 30, effort: 0 }),
    tiff: (i) => i.tiff({ compression: "deflate" }),
  };
  const file = await encoders[recipe.format](image).toBuffer();
  return recipe.cut === undefined ? file : file.subarray(0, Math.floor(file.length * recipe.cut));
}
