import { boundAvif } from "./avif";
import { fail } from "./budget";
import { boundGif } from "./gif";
import { boundJpeg } from "./jpeg";
import { boundPng } from "./png";
import { boundTiff } from "./tiff";
import { boundWebp } from "./webp";

export {
  ImageContainerError,
  MAX_AVIF_BOX_BYTES,
  MAX_AVIF_ITEMS,
  MAX_EXIF_BYTES,
  MAX_ICC_BYTES,
  MAX_JPEG_SCANS,
  MAX_METADATA_BYTES,
  MAX_PIECES,
  MAX_TIFF_PAGES,
  MAX_TIFF_STRIPS,
  MAX_TIFF_TAGS,
} from "./budget";

/**
 * Reads the container of an uploaded image (its chunks, segments, blocks, directories or boxes) without
 * inflating or decoding anything, and answers bytes that draw the same first frame with the metadata
 * bounded: what the decoder would otherwise inflate or copy (PNG text chunks, comments, XMP, extra frames)
 * is dropped, and what cannot be dropped safely is refused. Every walk is linear in the file's size.
 * Nothing is lost that we store: the stored copy is re-encoded WebP without metadata.
 * Answers the bytes to decode for a file of this (detected) type; throws ImageContainerError when refused.
 */
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
