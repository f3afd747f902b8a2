/** The budgets every container walker holds an upload to, and the refusal they share. */

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

export const fail = (reason: string): never => {
  throw new ImageContainerError(reason);
};

export const startsWith = (data: Buffer, prefix: string) =>
  data.toString("latin1", 0, prefix.length) === prefix;
