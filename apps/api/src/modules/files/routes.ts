import { fileEndpoints } from "@visadesk/contract/files-endpoints";
import type { FastifyInstance, FastifyReply } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { NotFound } from "#api/lib/errors";
import { contentSecurityPolicy } from "#api/plugins/security";
import { auditContextOf } from "../audit/service";
import type { FileService } from "./service";

const FILE_POLICY = `${contentSecurityPolicy()}; sandbox`;
/** A consultant's public image: names are never reused. */
const LONG_CACHE = "public, max-age=31536000, immutable";
/** A person's picture: kept by their own browser only, and asked again on each use. */
const PERSONAL_CACHE = "private, no-cache";

/** Stored images (declared in the contract's fileEndpoints): public ones under /files/, any under the API. */
export function fileRoutes(files: FileService) {
  const send = (
    reply: FastifyReply,
    file: { contentType: string; content: Buffer } | undefined,
    cacheControl: string,
  ) => {
    if (!file) throw new NotFound("File not found");
    return (
      reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        // Opened on its own, a file is a sandboxed document: nothing in it could run as our origin.
        .header("content-security-policy", FILE_POLICY)
        .header("cache-control", cacheControl)
        .send(file.content)
    );
  };

  return async (app: FastifyInstance) => {
    // Names are never reused, so a consultant's images can be cached for good. A person's picture is
    // revalidated on every use: once erased, it answers 404 and no cache serves it any more.
    route(app, fileEndpoints.publicImage, async (request, reply) => {
      const { name } = request.params;
      const thumbnail = request.query.size === "thumbnail";
      const file = thumbnail ? await files.findThumbnail(name) : await files.find(name, false);
      if (!file?.isPersonal) return send(reply, file, LONG_CACHE);
      // The bytes under a name never change: the name (and which copy) is the version.
      const etag = `"${name}${thumbnail ? ".thumbnail" : ""}"`;
      reply.header("etag", etag);
      if (request.headers["if-none-match"] === etag) {
        return reply.header("cache-control", PERSONAL_CACHE).status(304).send();
      }
      return send(reply, file, PERSONAL_CACHE);
    });
    // A private image's view is audited; a public one's name (a /files/ link's) is served here as well.
    // Either way an API answer is never kept: personal data must not stay in a cache.
    route(app, fileEndpoints.image, async (request, reply) => {
      const { name } = request.params;
      const file =
        (await files.viewPrivate(name, auditContextOf(request))) ?? (await files.find(name, false));
      return send(reply, file, "private, no-store");
    });
  };
}
