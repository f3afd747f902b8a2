import { serverMessages } from "@visadesk/contract/common";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, fieldErrorsOf } from "../lib/errors";

/** One JSON error shape everywhere: { message, error?, fieldErrors? }; 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(
        error.validation.map((issue) => ({
          path: issue.instancePath.split("/").filter(Boolean),
          message: issue.message ?? serverMessages.validation,
        })),
      );
      return reply.status(400).send({
        message: Object.values(fieldErrors)[0] ?? serverMessages.validation,
        error: "Bad Request",
        fieldErrors,
      });
    }
    const status = error.statusCode ?? 500;
    if (error.code === "FST_REQ_FILE_TOO_LARGE" || status === 413) {
      return reply.status(413).send({ message: serverMessages.fileTooLarge, error: "Payload Too Large" });
    }
    if (status === 429) {
      return reply.status(429).send({ message: serverMessages.rateLimited, error: "Too Many Requests" });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, error: error.name });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: serverMessages.internal, error: "Internal Server Error" });
  });
});
