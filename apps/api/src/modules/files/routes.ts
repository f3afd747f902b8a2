import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { NotFound } from "#api/lib/errors";
import { contentSecurityPolicy } from "#api/plugins/security";
import { type AuditContext, auditContextOf } from "../audit/service";
import type { FileService } from "./service";

const FILE_POLICY = `${contentSecurityPolicy()}; sandbox`;

const fileParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]+$/, "Unknown file") });
/** ?size=thumbnail: the small copy that lists and cards show, never the original. */
const fileQuery = z.object({ size: z.enum(["thumbnail"]).optional() });

export function fileRoutes(files: FileService) {
  const send = async (
    reply: FastifyReply,
    name: string,
    isPrivate: boolean,
    options: { thumbnail?: boolean; audit?: AuditContext } = {},
  ) => {
    const file = options.audit
      ? await files.viewPrivate(name, options.audit)
      : options.thumbnail
        ? await files.findThumbnail(name)
        : await files.find(name, isPrivate);
    if (!file) throw new NotFound("File not found");
    return (
      reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        // Opened on its own, a file is a sandboxed document: nothing in it could run as our origin.
        .header("content-security-policy", FILE_POLICY)
        .header(
          "cache-control",
          // Names are never reused, so public images can be cached for good; personal data never is.
          isPrivate ? "private, no-store" : "public, max-age=31536000, immutable",
        )
        .send(file.content)
    );
  };

  return async (app: FastifyInstance) => {
    app.get(
      "/files/:name",
      { schema: { params: fileParams, querystring: fileQuery, hide: true } },
      (request, reply) =>
        send(reply, (request.params as z.infer<typeof fileParams>).name, false, {
          thumbnail: (request.query as z.infer<typeof fileQuery>).size === "thumbnail",
        }),
    );
    app.get(
      "/api/v2/files/:name",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags: ["files"],
          summary: "An uploaded image by its name (CNIC images included: staff only)",
          params: fileParams,
        },
      },
      (request, reply) =>
        send(reply, (request.params as z.infer<typeof fileParams>).name, true, {
          audit: auditContextOf(request),
        }),
    );
  };
}
