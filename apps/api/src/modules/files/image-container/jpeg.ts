import { fail, MAX_ICC_BYTES, MAX_JPEG_SCANS, MAX_PIECES, startsWith } from "./budget";

/**
 * Keeps the table and frame segments and, of the metadata, JFIF (APP0), the first EXIF (APP1, for the
 * orientation), the ICC profile (APP2, within MAX_ICC_BYTES) and Adobe (APP14, the colour transform).
 * XMP, comments, other APPn and anything after EOI (a second picture, a gain map) are dropped.
 */
export function boundJpeg(content: Buffer): Buffer {
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
