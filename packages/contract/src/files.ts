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

/** The headers a served image comes with, whichever path serves it; `cacheControl` says how it may be kept. */
export const fileAnswerHeaders = (cacheControl: string) =>
  ({
    "Content-Type": "image/webp: every upload is checked and stored as WebP",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy":
      "The app's policy plus sandbox: opened on its own, nothing in the file runs as this origin",
    "Cache-Control": cacheControl,
  }) as const;

/** The bytes of a stored image. */
export const fileAnswerSchema = z.string().meta({ format: "binary", description: "The image (WebP)" });
