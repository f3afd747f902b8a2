import { fail, MAX_AVIF_BOX_BYTES, MAX_AVIF_ITEMS, MAX_METADATA_BYTES, MAX_PIECES } from "./budget";

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
export function boundAvif(content: Buffer): Buffer {
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
