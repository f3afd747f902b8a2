import { type ApiError, serverMessages, uploadMessages } from "@visadesk/contract/common";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors";
import { AppError, fieldErrorsOf, TooManyRequests } from "../lib/errors";

type ErrorAnswer = { status: number; body: ApiError };

/**
 * Errors the caller can act on, each with its status and a readable message; undefined = our fault (500).
 * Add a mapping here for a new kind of known error.
 */
function knownErrorAnswer(error: FastifyError): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(
      error.validation.map((issue) => ({
        path: issue.instancePath.split("/").filter(Boolean),
        message: issue.message ?? serverMessages.validation,
      })),
    );
    const message = Object.values(fieldErrors)[0] ?? serverMessages.validation;
    return { status: 400, body: { message, error: "Bad Request", fieldErrors } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    // Each limit says itself which it is: a JSON body over its limit is no image over 5 MB.
    const message =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? uploadMessages.bodyTooLarge
        : error.code === "FST_REQ_FILE_TOO_LARGE"
          ? serverMessages.fileTooLarge
          : error.message;
    return { status: 413, body: { message, error: "Payload Too Large" } };
  }
  if (status === 429) {
    return { status: 429, body: { message: serverMessages.rateLimited, error: "Too Many Requests" } };
  }
  if (status >= 400 && status < 500) {
    return { status, body: { message: error.message, error: error.name } };
  }
  return undefined;
}

/**
 * One JSON error shape everywhere: { message, error?, fieldErrors? }. A 500 never shows internals (stack,
 * SQL, paths): the log has the error under the request id, which the answer carries in its body and, like
 * every answer, in the x-request-id header.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request, the hot paths included.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorAnswer(error);
    if (error instanceof TooManyRequests) reply.header("retry-after", String(error.retryAfterSeconds));
    if (known) return reply.status(known.status).send(known.body);
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is stopped or restarting; the pool reconnects by itself when it is back.
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", "5").send({
        message: serverMessages.databaseUnavailable,
        error: "Service Unavailable",
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({
      message: serverMessages.internal,
      error: "Internal Server Error",
      requestId: request.id,
    });
  });
});
