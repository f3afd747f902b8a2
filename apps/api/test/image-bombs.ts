import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Small files whose metadata costs far more to read than the file's size: one per accepted format, built
 * from a picture sharp makes, for the container walker's tests and the server's memory test.
 */

/** A plain picture of each format, `side` pixels a side. */
export function basePicture(format: "png" | "jpeg" | "webp" | "gif" | "tiff" | "avif", side = 16) {
  const image = sharp({ create: { width: side, height: side, channels: 3, background: "#3366cc" } });
  return image[format]().toBuffer();
}

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with extra chunks right after IHDR (8 bytes of signature, 25 of IHDR). */
export function pngWith(png: Buffer, chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** One repeated letter, deflated: about a thousand times smaller than it inflates to. */
const deflatedText = (bytes: number) => zlib.deflateSync(Buffer.alloc(bytes, 0x41), { level: 9 });

/** `count` zTXt chunks, each inflating to `inflated` bytes (the finding's shape: 93 of 20 MB). */
export async function pngTextBomb(count: number, inflated: number) {
  const text = pngChunk(
    "zTXt",
    Buffer.concat([Buffer.from("Comment\0\0", "latin1"), deflatedText(inflated)]),
  );
  return pngWith(await basePicture("png"), Array(count).fill(text));
}

/** An iCCP chunk whose profile inflates to `inflated` bytes. */
export const pngIcc = (inflated: number) =>
  pngChunk("iCCP", Buffer.concat([Buffer.from("icc\0\0", "latin1"), deflatedText(inflated)]));

/** A JPEG segment: marker and length, then data. */
export function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** The JPEG with extra segments right after SOI. */
export const jpegWith = (jpeg: Buffer, segments: Buffer[]) =>
  Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

/** `count` comment and XMP segments of 64 KB each: metadata the decoder would copy into the picture. */
export async function jpegMetadataBomb(count: number) {
  const xmp = jpegSegment(
    0xe1,
    Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1"), Buffer.alloc(65_000, 0x20)]),
  );
  const comment = jpegSegment(0xfe, Buffer.alloc(65_000, 0x41));
  const segments = Array.from({ length: count }, (_, i) => (i % 2 ? xmp : comment));
  return jpegWith(await basePicture("jpeg"), segments);
}

/** A RIFF chunk: type, little-endian length, data, padding to an even length. */
export function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** The WebP's chunks (after the 12-byte RIFF header). */
export function webpChunks(webp: Buffer): Array<{ type: string; data: Buffer }> {
  const chunks = [];
  let pos = 12;
  while (pos + 8 <= webp.length) {
    const length = webp.readUInt32LE(pos + 4);
    chunks.push({
      type: webp.toString("latin1", pos, pos + 4),
      data: webp.subarray(pos + 8, pos + 8 + length),
    });
    pos += 8 + length + (length % 2);
  }
  return chunks;
}

/** A WebP of these chunks: RIFF header with the right size. */
export function webpOf(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length + 4, 4);
  head.write("WEBP", 8, "latin1");
  return Buffer.concat([head, body]);
}

/** An extended WebP of a 16 px picture with an XMP and an EXIF chunk of `bytes` each, flagged in VP8X. */
export async function webpMetadataBomb(bytes: number) {
  const simple = webpChunks(await basePicture("webp"));
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP
  vp8x.writeUIntLE(15, 4, 3);
  vp8x.writeUIntLE(15, 7, 3);
  const exif = Buffer.concat([Buffer.from("II*\0\x08\0\0\0\0\0", "latin1"), Buffer.alloc(bytes)]);
  return webpOf([
    riffChunk("VP8X", vp8x),
    ...simple.map((chunk) => riffChunk(chunk.type, chunk.data)),
    riffChunk("EXIF", exif),
    riffChunk("XMP ", Buffer.alloc(bytes, 0x20)),
  ]);
}

/** GIF sub-blocks of the data: 255-byte pieces, then a 0. */
function gifSubBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const piece = data.subarray(at, at + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** The GIF (one frame from sharp) with `comments` comment extensions of `bytes` each and `frames` frames. */
export async function gifBomb(options: { comments: number; bytes: number; frames: number }) {
  const gif = await basePicture("gif");
  const flags = gif[10] as number;
  const headerEnd = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  // sharp writes the frame (and its graphic control extension) between the header and the trailer.
  const frame = gif.subarray(headerEnd, gif.length - 1);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), gifSubBlocks(Buffer.alloc(options.bytes, 0x41))]);
  const loop = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from("NETSCAPE2.0", "latin1"),
    Buffer.from([3, 1, 0, 0, 0]),
  ]);
  return Buffer.concat([
    gif.subarray(0, headerEnd),
    loop,
    ...Array(options.comments).fill(comment),
    ...Array(options.frames).fill(frame),
    Buffer.from([0x3b]),
  ]);
}

/**
 * A 1×1 grey TIFF written by hand, with `tags` private tags whose `bytes`-long values all point at the same
 * bytes of the file: small on disk, `tags × bytes` for a reader that loads every tag's value. `pages`
 * directories chain one after the other.
 */
export function tiffTagBomb(options: { tags: number; bytes: number; pages?: number }): Buffer {
  const pages = options.pages ?? 1;
  const value = 8; // the shared value right after the header
  const pixel = value + options.bytes;
  const base: Array<[number, number, number, number]> = [
    [256, 3, 1, 1], // width
    [257, 3, 1, 1], // height
    [258, 3, 1, 8], // bits per sample
    [259, 3, 1, 1], // no compression
    [262, 3, 1, 1], // black is zero
    [273, 4, 1, pixel], // strip offset
    [277, 3, 1, 1], // samples per pixel
    [278, 3, 1, 1], // rows per strip
    [279, 4, 1, 1], // strip byte count
  ];
  const extra = Array.from({ length: options.tags }, (_, i): [number, number, number, number] => [
    40_000 + i,
    7,
    options.bytes,
    value,
  ]);
  const entries = [...base, ...extra].sort((a, b) => a[0] - b[0]);
  const ifdBytes = 2 + entries.length * 12 + 4;
  const firstIfd = pixel + 2;
  const file = Buffer.alloc(firstIfd + pages * ifdBytes);
  file.write("II", 0, "latin1");
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(firstIfd, 4);
  file.fill(0x41, value, pixel);
  file[pixel] = 0x80;
  for (let page = 0; page < pages; page += 1) {
    const at = firstIfd + page * ifdBytes;
    file.writeUInt16LE(entries.length, at);
    entries.forEach(([tag, type, count, offset], i) => {
      const entry = at + 2 + i * 12;
      file.writeUInt16LE(tag, entry);
      file.writeUInt16LE(type, entry + 2);
      file.writeUInt32LE(count, entry + 4);
      if (type === 3 && count === 1) file.writeUInt16LE(offset, entry + 8);
      else file.writeUInt32LE(offset, entry + 8);
    });
    file.writeUInt32LE(page + 1 < pages ? at + ifdBytes : 0, at + 2 + entries.length * 12);
  }
  return file;
}

/**
 * An AVIF whose XMP item says its content is deflated and holds `inflated` bytes of zeros, deflated: sharp
 * writes the XMP item (padded so the deflated bytes fit in its place), then its content type is rewritten
 * in place to carry the encoding.
 */
export async function avifXmpBomb(inflated: number) {
  const compressed = zlib.deflateSync(Buffer.alloc(inflated), { level: 9 });
  const padding = " ".repeat(compressed.length + 64);
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><!--${padding}--></x:xmpmeta>`;
  const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3366cc" } })
    .avif()
    .withXmp(xmp)
    .toBuffer();
  const contentType = avif.indexOf("application/rdf+xml\0", 0, "latin1");
  if (contentType < 0) throw new Error("sharp wrote no XMP item");
  // Same length: "a/x\0deflate\0" and NULs up to the 20 bytes of the original.
  Buffer.alloc(20).copy(avif, contentType);
  avif.write("a/x\0deflate\0", contentType, "latin1");
  const data = avif.indexOf("<x:xmpmeta", 0, "latin1");
  compressed.copy(avif, data);
  return avif;
}

/** An AVIF with an XMP item of `bytes` bytes, stored as it is. */
export function avifLargeXmp(bytes: number) {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: "#3366cc" } })
    .avif()
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><!--${" ".repeat(bytes)}--></x:xmpmeta>`)
    .toBuffer();
}
