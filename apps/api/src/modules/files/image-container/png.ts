import zlib from "node:zlib";
import { fail, MAX_ICC_BYTES, MAX_PIECES } from "./budget";

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

export function boundPng(content: Buffer): Buffer {
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
