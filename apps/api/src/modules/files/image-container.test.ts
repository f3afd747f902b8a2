import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  avifLargeXmp,
  avifXmpBomb,
  basePicture,
  gifBomb,
  jpegMetadataBomb,
  jpegSegment,
  jpegWith,
  pngChunk,
  pngIcc,
  pngTextBomb,
  pngWith,
  tiffTagBomb,
  webpChunks,
  webpMetadataBomb,
} from "#test/image-bombs";
import {
  boundImageContainer,
  ImageContainerError,
  MAX_ICC_BYTES,
  MAX_JPEG_SCANS,
  MAX_METADATA_BYTES,
  MAX_PIECES,
  MAX_TIFF_PAGES,
} from "./image-container";

/** The pixels of the first frame, to show the bounded file draws the same picture. */
const pixels = async (image: Buffer) => (await sharp(image).raw().toBuffer()).toString("base64");
const refused = (content: Buffer, mime: string) =>
  expect(() => boundImageContainer(content, mime)).toThrow(ImageContainerError);

describe("PNG: only the chunks that draw the picture are kept", () => {
  it("drops text chunks before anything inflates them (the finding's shape, smaller)", async () => {
    const bomb = await pngTextBomb(8, 4 << 20);
    expect((await sharp(bomb).metadata()).comments?.length).toBe(8);
    const bounded = boundImageContainer(bomb, "image/png");
    expect(bounded.length).toBeLessThan(200);
    expect(bounded.includes("zTXt")).toBe(false);
    expect((await sharp(bounded).metadata()).comments).toBeUndefined();
    expect(await pixels(bounded)).toBe(await pixels(await basePicture("png")));
  });

  it("drops tEXt, iTXt, eXIf and animation chunks, and whatever follows IEND", async () => {
    const png = await basePicture("png");
    const extra = [
      pngChunk("tEXt", Buffer.from("Author\0someone", "latin1")),
      pngChunk("iTXt", Buffer.from("XML:com.adobe.xmp\0\0\0\0\0<x/>", "latin1")),
      pngChunk("eXIf", Buffer.from("II*\0\x08\0\0\0\0\0", "latin1")),
      pngChunk("acTL", Buffer.from([0, 0, 0, 1, 0, 0, 0, 0])),
      pngChunk("prIV", Buffer.alloc(100)),
    ];
    const bounded = boundImageContainer(
      Buffer.concat([pngWith(png, extra), Buffer.from("<script>")]),
      "image/png",
    );
    expect(bounded.equals(png)).toBe(true);
  });

  it("keeps a small ICC profile, drops one that inflates past the bound", async () => {
    const png = await basePicture("png");
    const small = pngWith(png, [pngIcc(4096)]);
    expect(boundImageContainer(small, "image/png").equals(small)).toBe(true);
    const large = pngWith(png, [pngIcc(MAX_ICC_BYTES + 1)]);
    expect(boundImageContainer(large, "image/png").equals(png)).toBe(true);
  });

  it("refuses a chunk length past the end, a missing IHDR and more chunks than MAX_PIECES", async () => {
    const png = await basePicture("png");
    const cut = Buffer.from(png);
    cut.writeUInt32BE(0x7ffffff0, 33);
    refused(cut, "image/png");
    refused(
      Buffer.concat([png.subarray(0, 8), pngChunk("tEXt", Buffer.from("a\0b")), png.subarray(8)]),
      "image/png",
    );
    const many = pngWith(png, Array(MAX_PIECES).fill(pngChunk("tEXt", Buffer.from("a\0b"))));
    refused(many, "image/png");
  });
});

describe("JPEG: metadata segments beyond what draws the picture are dropped", () => {
  it("drops comments and XMP, keeps the EXIF orientation", async () => {
    const bomb = await jpegMetadataBomb(20);
    const photo = await sharp(await basePicture("jpeg"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const withBomb = jpegWith(photo, [jpegSegment(0xfe, Buffer.alloc(60_000, 0x41))]);
    expect(bomb.length).toBeGreaterThan(1_000_000);
    const bounded = boundImageContainer(bomb, "image/jpeg");
    expect(bounded.length).toBeLessThan(2_000);
    expect(await pixels(bounded)).toBe(await pixels(bomb));
    const kept = boundImageContainer(withBomb, "image/jpeg");
    expect(kept.length).toBeLessThan(photo.length + 100);
    expect((await sharp(kept).metadata()).orientation).toBe(6);
  });

  it("keeps an ICC profile within the bound, drops one over it, drops what follows EOI", async () => {
    const jpeg = await basePicture("jpeg");
    const icc = (bytes: number) =>
      jpegSegment(0xe2, Buffer.concat([Buffer.from("ICC_PROFILE\0\x01\x01"), Buffer.alloc(bytes)]));
    const small = jpegWith(jpeg, [icc(1000)]);
    expect(boundImageContainer(small, "image/jpeg").equals(small)).toBe(true);
    const large = jpegWith(jpeg, Array(Math.ceil(MAX_ICC_BYTES / 60_000) + 1).fill(icc(60_000)));
    expect(boundImageContainer(large, "image/jpeg").equals(jpeg)).toBe(true);
    const trailing = Buffer.concat([jpeg, Buffer.from("a second picture")]);
    expect(boundImageContainer(trailing, "image/jpeg").equals(jpeg)).toBe(true);
  });

  it("refuses more scans than MAX_JPEG_SCANS and a segment length past the end", async () => {
    const jpeg = await sharp(await basePicture("jpeg"))
      .jpeg({ progressive: true })
      .toBuffer();
    const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    const eoi = jpeg.length - 2;
    const scans = jpeg.subarray(sos, eoi);
    const many = Buffer.concat([
      jpeg.subarray(0, sos),
      ...Array(MAX_JPEG_SCANS + 1).fill(scans),
      jpeg.subarray(eoi),
    ]);
    refused(many, "image/jpeg");
    const cut = jpegWith(jpeg, [Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x41])]).subarray(0, 12);
    refused(cut, "image/jpeg");
  });
});

describe("WebP: XMP dropped, EXIF and ICC within bounds, an animation's first frame only", () => {
  it("drops an XMP chunk and an EXIF chunk over the bound, and clears their flags", async () => {
    const bomb = await webpMetadataBomb(900_000);
    const bounded = boundImageContainer(bomb, "image/webp");
    expect(bounded.length).toBeLessThan(1_000);
    expect(webpChunks(bounded).map((chunk) => chunk.type)).toEqual(["VP8X", "VP8 "]);
    expect(webpChunks(bounded)[0]?.data[0]).toBe(0);
    const metadata = await sharp(bounded).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(await pixels(bounded)).toBe(await pixels(bomb));
  });

  it("keeps the first frame of an animation", async () => {
    const animation = await sharp(
      Buffer.from(Array.from({ length: 16 * 16 * 50 * 3 }, (_, i) => (i * 37) % 251)),
      {
        raw: { width: 16, height: 16 * 50, channels: 3, pageHeight: 16 },
      },
    )
      .webp()
      .toBuffer();
    expect((await sharp(animation).metadata()).pages).toBe(50);
    const bounded = boundImageContainer(animation, "image/webp");
    expect(webpChunks(bounded).map((chunk) => chunk.type)).toEqual(["VP8X", "ANIM", "ANMF"]);
    expect(await sharp(bounded).metadata()).toMatchObject({ pages: 1, width: 16, height: 16 });
  });

  it("refuses a chunk length past the end", async () => {
    const webp = Buffer.from(await basePicture("webp"));
    webp.writeUInt32LE(0x7ffffff0, 16);
    refused(webp, "image/webp");
  });
});

describe("GIF: the first frame only, without comment or application extensions", () => {
  it("a GIF of 2,000 frames and comments becomes one frame", async () => {
    const bomb = await gifBomb({ comments: 50, bytes: 3000, frames: 2000 });
    expect((await sharp(bomb).metadata()).pages).toBe(2000);
    const bounded = boundImageContainer(bomb, "image/gif");
    expect(bounded.length).toBeLessThan(200);
    expect(bounded.includes("NETSCAPE")).toBe(false);
    expect(await sharp(bounded).metadata()).toMatchObject({ pages: 1, width: 16, height: 16 });
    expect(await pixels(bounded)).toBe(await pixels(bomb));
  });

  it("refuses one without a frame, or with blocks past the end", async () => {
    const gif = await basePicture("gif");
    refused(
      Buffer.concat([gif.subarray(0, 13 + 3 * 2 ** (((gif[10] as number) & 7) + 1)), Buffer.from([0x3b])]),
      "image/gif",
    );
    refused(gif.subarray(0, gif.length - 6), "image/gif");
  });
});

describe("TIFF: directories walked and bounded, nothing changed", () => {
  it("accepts a real multi-page TIFF as it is", async () => {
    const tiff = await sharp({
      create: { width: 8, height: 24, channels: 3, background: "#123456", pageHeight: 8 },
    })
      .tiff()
      .toBuffer();
    expect(boundImageContainer(tiff, "image/tiff")).toBe(tiff);
    expect(boundImageContainer(tiffTagBomb({ tags: 4, bytes: 1000 }), "image/tiff").length).toBeGreaterThan(
      0,
    );
  });

  it("refuses tag values over MAX_METADATA_BYTES in a page, even when they share bytes", () => {
    const bomb = tiffTagBomb({ tags: 60, bytes: 100_000 });
    expect(bomb.length).toBeLessThan(110_000);
    expect(60 * 100_000).toBeGreaterThan(MAX_METADATA_BYTES);
    refused(bomb, "image/tiff");
  });

  it("refuses more pages than MAX_TIFF_PAGES and a loop of directories", () => {
    refused(tiffTagBomb({ tags: 0, bytes: 4, pages: MAX_TIFF_PAGES + 1 }), "image/tiff");
    const loop = tiffTagBomb({ tags: 0, bytes: 4, pages: 2 });
    // The second directory points back at the first.
    loop.writeUInt32LE(loop.readUInt32LE(4), loop.length - 4);
    refused(loop, "image/tiff");
  });
});

describe("AVIF: metadata items bounded, encoded ones refused", () => {
  it("accepts a plain AVIF and one with a small XMP as they are", async () => {
    const avif = await basePicture("avif");
    expect(boundImageContainer(avif, "image/avif")).toBe(avif);
    const xmp = await avifLargeXmp(1000);
    expect(boundImageContainer(xmp, "image/avif")).toBe(xmp);
  });

  it("refuses a deflated XMP item and metadata over MAX_METADATA_BYTES", async () => {
    refused(await avifXmpBomb(64 << 20), "image/avif");
    refused(await avifLargeXmp(MAX_METADATA_BYTES + 1), "image/avif");
  });

  it("refuses an item type libvips should not read, and a box past the end", async () => {
    const avif = Buffer.from(await basePicture("avif"));
    const cut = Buffer.from(avif);
    cut.writeUInt32BE(0x7ffffff0, cut.indexOf("meta", 0, "latin1") - 4);
    refused(cut, "image/avif");
    avif.write("unci", avif.indexOf("av01", avif.indexOf("infe", 0, "latin1"), "latin1"), "latin1");
    refused(avif, "image/avif");
  });
});

it("an unknown type is refused", () => {
  refused(zlib.deflateSync(Buffer.alloc(10)), "image/heic");
});
