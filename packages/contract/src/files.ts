import { z } from "zod";

/** An uploaded file's name, as the answers link it: a server-made uuid and the stored extension. */
export const fileParamsSchema = z.object({
  name: z
    .string()
    .regex(/^[0-9a-f-]{36}\.[a-z0-9]+$/, "Unknown file")
    .meta({ example: "4f0c6d2e-8a51-4f7b-9d0e-2b9c1a7e5f10.webp" }),
});

/** ?size=thumbnail: the small copy that lists and cards show, never the original. */
export const fileQuerySchema = z.object({ size: z.enum(["thumbnail"]).optional() });

/** What every served file says about itself, whichever path serves it. */
const fileHeaders = {
  "Content-Type": {
    type: "string",
    description: "image/webp: every upload is checked and stored as WebP",
  },
  "X-Content-Type-Options": { type: "string", description: "nosniff" },
  "Content-Security-Policy": {
    type: "string",
    description: "The app's policy plus sandbox: opened on its own, nothing in the file runs as this origin",
  },
} as const;

/** The bytes of a stored image, with the headers it is served with; `cacheControl` says how it may be kept. */
export const fileAnswerSchema = (cacheControl: string) =>
  z.string().meta({
    format: "binary",
    description: "The image (WebP)",
    headers: { ...fileHeaders, "Cache-Control": { type: "string", description: cacheControl } },
  });
