/** Real, tiny images for upload tests: a 1x1 PNG, a 1x1 JPEG and a 1x1 GIF. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const JPEG_1PX = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
export const GIF_1PX = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
/** A text file pretending to be a PNG by its name. */
export const TEXT_AS_PNG = Buffer.from("this is not an image, only a name ending in .png\n");
/** Just over the 5 MB limit, starting like a PNG. */
export const OVERSIZED_PNG = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 1, 0)]);
