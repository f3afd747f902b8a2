import { fail, MAX_METADATA_BYTES, MAX_TIFF_PAGES, MAX_TIFF_STRIPS, MAX_TIFF_TAGS } from "./budget";

/** Bytes of one value of each TIFF field type (1 to 18); an unknown type is counted as 1 byte a value. */
const TIFF_TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8];
/** StripOffsets, StripByteCounts, TileOffsets, TileByteCounts: bounded by count, not by the metadata budget. */
const TIFF_STRILE_TAGS = new Set([273, 279, 324, 325]);

/**
 * Walks the chain of directories (classic and BigTIFF) without changing a byte: refuses loops, more than
 * MAX_TIFF_PAGES pages, MAX_TIFF_TAGS tags in a directory, MAX_TIFF_STRIPS strips or tiles, values outside
 * the file, and more than MAX_METADATA_BYTES of other tag values in a page (ICC, XMP, IPTC, Photoshop).
 */
export function boundTiff(content: Buffer): Buffer {
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
