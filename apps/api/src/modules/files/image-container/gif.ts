import { fail, MAX_PIECES } from "./budget";

/**
 * Keeps the first frame only (its graphic control extension, for transparency), and the trailer; comment,
 * application (looping, XMP) and plain-text extensions and every later frame are dropped.
 */
export function boundGif(content: Buffer): Buffer {
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
