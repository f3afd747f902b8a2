import zlib from "node:zlib";

/**
 * Reads the container of an uploaded image (its chunks, segments, blocks, directories or boxes) without
 * inflating or decoding anything, and answers bytes that draw the same first frame with the metadata
 * bounded: what the decoder would otherwise inflate or copy (PNG text chunks, comments, XMP, extra frames)
 * is dropped, and what cannot be dropped safely is refused. Every walk is linear in the file's size.
 * Nothing is lost that we store: the stored copy is re-encoded WebP without metadata.
 */

/** Structure the walker cannot vouch for (lengths past the end, loops, too many pieces): refused as unreadable. */
export class ImageContainerError extends Error {}

/** Pieces (chunks, segments, blocks, boxes) walked in one file: encoders write a few hundred for 5 MB. */
export const MAX_PIECES = 65_536;
/** An ICC profile kept for colour (inflated, when compressed): real profiles are a few KB, the largest under 1 MB. */
export const MAX_ICC_BYTES = 1024 * 1024;
/** EXIF kept for its orientation: JPEG caps one APP1 segment at 64 KB, and we hold WebP to the same. */
export const MAX_EXIF_BYTES = 64 * 1024;
/** All other metadata a decoder would read (AVIF items, TIFF tag values): a photo's EXIF and XMP fit in far less. */
export const MAX_METADATA_BYTES = 256 * 1024;
/** Scans of a progressive JPEG: encoders write about 10; each one is another pass over the whole picture. */
export const MAX_JPEG_SCANS = 100;
/** Pages of a TIFF: only the first is read, but the decoder walks the chain of directories. */
export const MAX_TIFF_PAGES = 256;
/** Tags in one TIFF directory: a camera file has under 100. */
export const MAX_TIFF_TAGS = 1024;
/** Strips or tiles of one TIFF page: the decoder holds two arrays of this length (24 MP in 1-row strips is 10,000). */
export const MAX_TIFF_STRIPS = 131_072;
/** A top-level AVIF box other than the image data: libheif reads it whole into memory and parses it. */
export const MAX_AVIF_BOX_BYTES = 1024 * 1024;
/** Items of an AVIF (image, alpha, grid tiles, metadata): libheif's own default limit is 1,000. */
export const MAX_AVIF_ITEMS = 1024;

const fail = (reason: string): never => {
  throw new ImageContainerError(reason);
};

/** The bytes to decode for a file of this (detected) type; throws ImageContainerError when refused. */
export function boundImageContainer(content: Buffer, mime: string): Buffer {
  switch (mime) {
    case "image/png":
      return boundPng(content);
    case "image/jpeg":
      return boundJpeg(content);
    case "image/webp":
      return boundWebp(content);
    case "image/gif":
      return boundGif(content);
    case "image/tiff":
      return boundTiff(content);
    case "image/avif":
      return boundAvif(content);
    default:
      return fail(`no container walker for ${mime}`);
  }
}

// ---------------------------------------------------------------- PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What draws the (first) image; text, EXIF, animation frames and private chunks are dropped. */
const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "tRNS",
  "IDAT",
  "IEND",
  "gAMA",
  "cHRM",
  "sRGB",
  "sBIT",
  "pHYs",
  "bKGD",
]);
/** The small fixed-size chunks above are at most 768 bytes (PLTE); a longer one is not from an encoder. */
const MAX_PNG_SMALL_CHUNK = 1024;

function boundPng(content: Buffer): Buffer {
  if (!content.subarray(0, 8).equals(PNG_SIGNATURE)) fail("not a PNG");
  const kept: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let pieces = 0;
  let iccKept = false;
  let ended = false;
  while (pos < content.length && !ended) {
    if (++pieces > MAX_PIECES) fail("too many PNG chunks");
    if (pos + 12 > content.length) fail("PNG chunk cut short");
    const length = content.readUInt32BE(pos);
    const type = content.toString("latin1", pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > content.length) fail("PNG chunk length past the end");
    if (pieces === 1 && type !== "IHDR") fail("PNG without IHDR first");
    const whole = content.subarray(pos, end);
    if (type === "IDAT" || type === "IEND" || type === "IHDR") {
      kept.push(whole);
      ended = type === "IEND";
    } else if (PNG_KEPT.has(type)) {
      if (length <= MAX_PNG_SMALL_CHUNK) kept.push(whole);
    } else if (type === "iCCP" && !iccKept && pngIccFits(content.subarray(pos + 8, pos + 8 + length))) {
      kept.push(whole);
      iccKept = true;
    }
    pos = end;
  }
  return Buffer.concat(kept);
}

/** iCCP: a name of 1 to 79 bytes, a NUL, the method (0), then the zlib stream: inflated only up to the bound. */
function pngIccFits(data: Buffer): boolean {
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79 || data.length - nul - 2 > MAX_ICC_BYTES) return false;
  try {
    zlib.inflateSync(data.subarray(nul + 2), { maxOutputLength: MAX_ICC_BYTES });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- JPEG

const startsWith = (data: Buffer, prefix: string) => data.toString("latin1", 0, prefix.length) === prefix;

/**
 * Keeps the table and frame segments and, of the metadata, JFIF (APP0), the first EXIF (APP1, for the
 * orientation), the ICC profile (APP2, within MAX_ICC_BYTES) and Adobe (APP14, the colour transform).
 * XMP, comments, other APPn and anything after EOI (a second picture, a gain map) are dropped.
 */
function boundJpeg(content: Buffer): Buffer {
  if (content[0] !== 0xff || content[1] !== 0xd8) fail("not a JPEG");
  const kept: Buffer[] = [content.subarray(0, 2)];
  const icc: Buffer[] = [];
  let iccBytes = 0;
  let iccAt = -1;
  let exifKept = false;
  let pieces = 0;
  let scans = 0;
  let pos = 2;
  for (;;) {
    if (++pieces > MAX_PIECES) fail("too many JPEG segments");
    if (pos >= content.length) break;
    if (content[pos] !== 0xff) fail("JPEG marker expected");
    while (content[pos] === 0xff && content[pos + 1] === 0xff) pos += 1;
    const marker = content[pos + 1];
    if (marker === undefined) break;
    if (marker === 0xd9) {
      kept.push(content.subarray(pos, pos + 2));
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(content.subarray(pos, pos + 2));
      pos += 2;
    } else {
      if (pos + 4 > content.length) fail("JPEG segment cut short");
      const length = content.readUInt16BE(pos + 2);
      const end = pos + 2 + length;
      if (length < 2 || end > content.length) fail("JPEG segment length past the end");
      const segment = content.subarray(pos, end);
      const data = content.subarray(pos + 4, end);
      if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) {
        if (marker === 0xe0 || marker === 0xee) kept.push(segment);
        else if (marker === 0xe1 && !exifKept && startsWith(data, "Exif\0")) {
          kept.push(segment);
          exifKept = true;
        } else if (marker === 0xe2 && startsWith(data, "ICC_PROFILE\0")) {
          iccBytes += data.length;
          if (iccAt < 0) iccAt = kept.length;
          icc.push(segment);
        }
      } else {
        kept.push(segment);
      }
      pos = end;
      if (marker === 0xda) {
        if (++scans > MAX_JPEG_SCANS) fail("too many JPEG scans");
        // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
        let next = pos;
        for (;;) {
          next = content.indexOf(0xff, next);
          if (next < 0 || next + 1 >= content.length) {
            next = content.length;
            break;
          }
          const after = content[next + 1] as number;
          if (after === 0x00 || (after >= 0xd0 && after <= 0xd7)) next += 2;
          else if (after === 0xff) next += 1;
          else break;
        }
        kept.push(content.subarray(pos, next));
        pos = next;
      }
    }
  }
  if (scans === 0) fail("JPEG without a scan");
  if (iccAt >= 0 && iccBytes <= MAX_ICC_BYTES) kept.splice(iccAt, 0, ...icc);
  return Buffer.concat(kept);
}

// ---------------------------------------------------------------- WebP

const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * Keeps the image chunks and, of an animation, its first frame only (ANIM and the first ANMF: still a
 * valid file); EXIF within MAX_EXIF_BYTES (orientation) and ICCP within MAX_ICC_BYTES. XMP and unknown
 * chunks are dropped, and VP8X's flags follow what is kept.
 */
function boundWebp(content: Buffer): Buffer {
  if (content.length < 12 || !startsWith(content, "RIFF") || content.toString("latin1", 8, 12) !== "WEBP")
    fail("not a WebP");
  const end = Math.min(content.length, 8 + content.readUInt32LE(4));
  const kept: Buffer[] = [];
  let vp8x: Buffer | undefined;
  let flags = 0;
  let pieces = 0;
  let frameKept = false;
  let pos = 12;
  while (pos + 8 <= end) {
    if (++pieces > MAX_PIECES) fail("too many WebP chunks");
    const type = content.toString("latin1", pos, pos + 4);
    const length = content.readUInt32LE(pos + 4);
    const next = pos + 8 + length + (length % 2);
    if (pos + 8 + length > end) fail("WebP chunk length past the end");
    const chunk = content.subarray(pos, Math.min(next, end));
    if (type === "VP8X" && pieces === 1 && length >= 10) {
      vp8x = Buffer.from(chunk);
      flags = (vp8x[8] as number) & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP);
      kept.push(vp8x);
    } else if (type === "VP8 " || type === "VP8L" || type === "ALPH" || type === "ANIM") {
      kept.push(chunk);
    } else if (type === "ANMF") {
      if (!frameKept) kept.push(chunk);
      frameKept = true;
    } else if (type === "ICCP" && vp8x && length <= MAX_ICC_BYTES && !(flags & VP8X_ICC)) {
      kept.push(chunk);
      flags |= VP8X_ICC;
    } else if (type === "EXIF" && vp8x && length <= MAX_EXIF_BYTES && !(flags & VP8X_EXIF)) {
      kept.push(chunk);
      flags |= VP8X_EXIF;
    }
    pos = next;
  }
  if (vp8x) vp8x[8] = flags;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}

// ---------------------------------------------------------------- GIF

/**
 * Keeps the first frame only (its graphic control extension, for transparency), and the trailer; comment,
 * application (looping, XMP) and plain-text extensions and every later frame are dropped.
 */
function boundGif(content: Buffer): Buffer {
  const version = content.toString("latin1", 0, 6);
  if ((version !== "GIF87a" && version !== "GIF89a") || content.length < 13) fail("not a GIF");
  const screenFlags = content[10] as number;
  let pos = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  if (pos > content.length) fail("GIF colour table past the end");
  const kept: Buffer[] = [content.subarray(0, pos)];
  let control: Buffer | undefined;
  let pieces = 0;
  /** Sub-blocks: a size byte then that many bytes, until a size of 0. Answers the position after them. */
  const skipSubBlocks = (from: number) => {
    let at = from;
    for (;;) {
      if (++pieces > MAX_PIECES) fail("too many GIF blocks");
      const size = content[at];
      if (size === undefined) fail("GIF blocks cut short");
      at += 1 + (size as number);
      if (size === 0) return at;
      if (at > content.length) fail("GIF block past the end");
    }
  };
  for (;;) {
    const introducer = content[pos];
    if (introducer === 0x21) {
      const label = content[pos + 1];
      const next = skipSubBlocks(pos + 2);
      if (label === 0xf9) control = content.subarray(pos, next);
      pos = next;
    } else if (introducer === 0x2c) {
      if (pos + 10 > content.length) fail("GIF image descriptor cut short");
      const flags = content[pos + 9] as number;
      const data = pos + 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0) + 1;
      if (data > content.length) fail("GIF local colour table past the end");
      const next = skipSubBlocks(data);
      if (control) kept.push(control);
      kept.push(content.subarray(pos, next), Buffer.from([0x3b]));
      return Buffer.concat(kept);
    } else {
      return fail("GIF without a frame");
    }
  }
}

// ---------------------------------------------------------------- TIFF

/** Bytes of one value of each TIFF field type (1 to 18); an unknown type is counted as 1 byte a value. */
const TIFF_TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8];
/** StripOffsets, StripByteCounts, TileOffsets, TileByteCounts: bounded by count, not by the metadata budget. */
const TIFF_STRILE_TAGS = new Set([273, 279, 324, 325]);

/**
 * Walks the chain of directories (classic and BigTIFF) without changing a byte: refuses loops, more than
 * MAX_TIFF_PAGES pages, MAX_TIFF_TAGS tags in a directory, MAX_TIFF_STRIPS strips or tiles, values outside
 * the file, and more than MAX_METADATA_BYTES of other tag values in a page (ICC, XMP, IPTC, Photoshop).
 */
function boundTiff(content: Buffer): Buffer {
  const order = content.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") fail("not a TIFF");
  const little = order === "II";
  const u16 = (at: number) => (little ? content.readUInt16LE(at) : content.readUInt16BE(at));
  const u32 = (at: number) => (little ? content.readUInt32LE(at) : content.readUInt32BE(at));
  const u64 = (at: number) => {
    const value = little ? content.readBigUInt64LE(at) : content.readBigUInt64BE(at);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  };
  if (content.length < 16) fail("TIFF cut short");
  const magic = u16(2);
  if (magic !== 42 && magic !== 43) fail("not a TIFF");
  const big = magic === 43;
  const offsetAt = big ? (at: number) => u64(at) : u32;
  const entrySize = big ? 20 : 12;
  const inlineBytes = big ? 8 : 4;
  const seen = new Set<number>();
  let ifd = big ? u64(8) : u32(4);
  while (ifd !== 0) {
    if (seen.has(ifd)) fail("TIFF directories loop");
    seen.add(ifd);
    if (seen.size > MAX_TIFF_PAGES) fail("too many TIFF pages");
    const countBytes = big ? 8 : 2;
    if (ifd + countBytes > content.length) fail("TIFF directory past the end");
    const tags = big ? u64(ifd) : u16(ifd);
    if (tags > MAX_TIFF_TAGS) fail("too many TIFF tags");
    const entries = ifd + countBytes;
    const after = entries + tags * entrySize;
    if (after + inlineBytes > content.length) fail("TIFF directory past the end");
    let metadata = 0;
    for (let i = 0; i < tags; i += 1) {
      const entry = entries + i * entrySize;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const count = big ? u64(entry + 4) : u32(entry + 4);
      const bytes = count * (TIFF_TYPE_BYTES[type] ?? 1);
      if (TIFF_STRILE_TAGS.has(tag)) {
        if (count > MAX_TIFF_STRIPS) fail("too many TIFF strips or tiles");
      } else {
        metadata += bytes;
      }
      if (bytes > inlineBytes) {
        const at = offsetAt(entry + 4 + inlineBytes);
        if (at + bytes > content.length) fail("TIFF tag value past the end");
      }
    }
    if (metadata > MAX_METADATA_BYTES) fail("TIFF metadata over budget");
    ifd = offsetAt(after);
  }
  if (seen.size === 0) fail("TIFF without a page");
  return content;
}

// ---------------------------------------------------------------- AVIF

/** Items libvips may decode or read: AV1 images, grids and overlays of them, gain maps, EXIF and XMP. */
const AVIF_IMAGE_ITEMS = new Set(["av01", "grid", "iovl", "iden", "tmap"]);
const AVIF_METADATA_ITEMS = new Set(["Exif", "mime", "uri "]);
/** Top-level boxes that hold picture data, read by ranges rather than parsed. */
const AVIF_DATA_BOXES = new Set(["mdat", "free", "skip"]);

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

/** The boxes between start and end (ISO base media file format: 32-bit size, or 1 then 64-bit, or 0 to end). */
function boxes(content: Buffer, start: number, end: number, counter: { pieces: number }): Box[] {
  const found: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (++counter.pieces > MAX_PIECES) fail("too many AVIF boxes");
    if (pos + 8 > end) fail("AVIF box cut short");
    let size = content.readUInt32BE(pos);
    const type = content.toString("latin1", pos + 4, pos + 8);
    let body = pos + 8;
    if (size === 1) {
      if (pos + 16 > end) fail("AVIF box cut short");
      const large = content.readBigUInt64BE(pos + 8);
      size = large > BigInt(end - pos) ? end - pos + 1 : Number(large);
      body = pos + 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < body - pos || pos + size > end) fail("AVIF box length past the end");
    found.push({ type, start: pos, body, end: pos + size });
    pos += size;
  }
  return found;
}

/**
 * Refuses, without changing a byte: a top-level box (other than picture data) over MAX_AVIF_BOX_BYTES,
 * more than MAX_AVIF_ITEMS items, item types libvips has no business reading (uncompressed, possibly
 * deflated pictures), metadata items whose content is encoded (a deflated XMP inflates on read), and
 * metadata items larger than MAX_METADATA_BYTES together.
 */
function boundAvif(content: Buffer): Buffer {
  const counter = { pieces: 0 };
  const top = boxes(content, 0, content.length, counter);
  if (top[0]?.type !== "ftyp") fail("not an AVIF");
  for (const box of top) {
    if (!AVIF_DATA_BOXES.has(box.type) && box.end - box.start > MAX_AVIF_BOX_BYTES)
      fail(`AVIF ${box.type} box over budget`);
  }
  const metas = top.filter((box) => box.type === "meta");
  if (metas.length !== 1) fail("AVIF without one meta box");
  const meta = metas[0] as Box;
  // meta is a full box: 4 bytes of version and flags before its children.
  const children = boxes(content, meta.body + 4, meta.end, counter);
  const iinf = children.find((box) => box.type === "iinf");
  const iloc = children.find((box) => box.type === "iloc");
  if (!iinf || !iloc) fail("AVIF without item information or locations");
  const metadataItems = avifMetadataItems(content, iinf as Box, counter);
  const metadataBytes = avifItemBytes(content, iloc as Box, metadataItems);
  if (metadataBytes > MAX_METADATA_BYTES) fail("AVIF metadata over budget");
  return content;
}

/** Reads a NUL-terminated string inside [at, end); answers it and the position after the NUL. */
function cString(content: Buffer, at: number, end: number): [string, number] {
  const nul = content.indexOf(0, at);
  if (nul < 0 || nul >= end) return [content.toString("latin1", at, end), end];
  return [content.toString("latin1", at, nul), nul + 1];
}

/** The ids of the metadata items, after checking every item's type and encoding. */
function avifMetadataItems(content: Buffer, iinf: Box, counter: { pieces: number }): Set<number> {
  const version = content[iinf.body] as number;
  const entries = boxes(content, iinf.body + 4 + (version === 0 ? 2 : 4), iinf.end, counter);
  if (entries.length > MAX_AVIF_ITEMS) fail("too many AVIF items");
  const metadata = new Set<number>();
  for (const infe of entries) {
    if (infe.type !== "infe") continue;
    const infeVersion = content[infe.body] as number;
    if (infeVersion < 2) fail("AVIF item information of an old version");
    let at = infe.body + 4;
    const idBytes = infeVersion === 2 ? 2 : 4;
    if (at + idBytes + 6 > infe.end) fail("AVIF item information cut short");
    const id = idBytes === 2 ? content.readUInt16BE(at) : content.readUInt32BE(at);
    at += idBytes + 2;
    const type = content.toString("latin1", at, at + 4);
    at += 4;
    if (AVIF_METADATA_ITEMS.has(type)) {
      metadata.add(id);
      if (type === "mime") {
        const [, afterName] = cString(content, at, infe.end);
        const [, afterContentType] = cString(content, afterName, infe.end);
        const [encoding] = cString(content, afterContentType, infe.end);
        if (encoding !== "") fail("AVIF metadata item with encoded content");
      }
    } else if (!AVIF_IMAGE_ITEMS.has(type)) {
      fail(`AVIF item of type ${type}`);
    }
  }
  return metadata;
}

/** The total length of the extents of the given items, as iloc declares them (0 means "to the end"). */
function avifItemBytes(content: Buffer, iloc: Box, items: Set<number>): number {
  const version = content[iloc.body] as number;
  if (version > 2) fail("AVIF item locations of an unknown version");
  let at = iloc.body + 4;
  const need = (bytes: number) => {
    if (at + bytes > iloc.end) fail("AVIF item locations cut short");
  };
  const read = (bytes: number) => {
    need(bytes);
    let value = 0;
    for (let i = 0; i < bytes; i += 1) value = value * 256 + (content[at + i] as number);
    at += bytes;
    return value;
  };
  const sizes = read(2);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0x0f;
  const baseOffsetSize = (sizes >> 4) & 0x0f;
  const indexSize = version >= 1 ? sizes & 0x0f : 0;
  const count = read(version < 2 ? 2 : 4);
  if (count > MAX_AVIF_ITEMS) fail("too many AVIF items");
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const id = read(version < 2 ? 2 : 4);
    if (version >= 1) read(2); // construction method
    read(2); // data reference index
    read(baseOffsetSize);
    const extents = read(2);
    for (let e = 0; e < extents; e += 1) {
      read(indexSize);
      read(offsetSize);
      const length = read(lengthSize);
      if (items.has(id)) total += length === 0 ? content.length : length;
    }
  }
  return total;
}
