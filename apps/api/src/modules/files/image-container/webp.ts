import { fail, MAX_EXIF_BYTES, MAX_ICC_BYTES, MAX_PIECES, startsWith } from "./budget";

const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * Keeps the image chunks and, of an animation, its first frame only (ANIM and the first ANMF: still a
 * valid file); EXIF within MAX_EXIF_BYTES (orientation) and ICCP within MAX_ICC_BYTES. XMP and unknown
 * chunks are dropped, and VP8X's flags follow what is kept.
 */
export function boundWebp(content: Buffer): Buffer {
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
