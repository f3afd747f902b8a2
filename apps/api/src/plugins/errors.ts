import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ApiError } from "@visadesk/contract/common";
import { serverMessages, uploadMessages } from "@visadesk/contract/common-constants";
import { errorCodeOf, generalErrorCodes } from "@visadesk/contract/error-codes";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DatabaseBusy, isDatabaseUnavailable } from "../db/errors";
import { AppError, fieldErrorsOf, ServiceBusy, TooManyRequests, ValidationError } from "../lib/errors";
import { rawAnswerHeaders, setAnswerHeaders } from "./security";

type ErrorAnswer = { status: number; body: ApiError };
/** An error answer in its status and English words; its code is found from them (error-codes). */
const answer = (status: number, body: Omit<ApiError, "code">, code?: string): ErrorAnswer => ({
  status,
  body: { ...body, code: code ?? errorCodeOf(body.message, status) },
});

/**
 * Fastify's own refusals, by code, in our words: its messages echo the URL or the content type sent and
 * name its internals. A code missing here still answers in our shape, with the status's own text.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: serverMessages.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: serverMessages.urlTooLong,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: serverMessages.unsupportedContentType,
  FST_ERR_CTP_EMPTY_JSON_BODY: serverMessages.emptyJsonBody,
  FST_ERR_CTP_INVALID_JSON_BODY: serverMessages.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: serverMessages.badContentLength,
};
/** What a request refused by a saturated instance is told to wait, in seconds. */
const BUSY_RETRY_SECONDS = 2;
/** The longest path parameter the router takes (Fastify's maxParamLength); longer ones answer 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Errors the caller can act on, each with its status and a readable message; undefined = our fault (500).
 * Add a mapping here for a new kind of known error.
 */
function knownErrorAnswer(error: FastifyError): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    return answer(
      error.statusCode,
      { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
      error instanceof ValidationError ? generalErrorCodes.validation : undefined,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(
      error.validation.map((issue) => ({
        path: issue.instancePath.split("/").filter(Boolean),
        message: issue.message ?? serverMessages.validation,
      })),
    );
    const message = Object.values(fieldErrors)[0] ?? serverMessages.validation;
    return answer(400, { message, error: "Bad Request", fieldErrors }, generalErrorCodes.validation);
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
    return answer(413, { message, error: "Payload Too Large" });
  }
  if (status === 429) {
    return answer(429, { message: serverMessages.rateLimited, error: "Too Many Requests" });
  }
  if (status >= 400 && status < 500) {
    const statusText = STATUS_CODES[status] ?? "Bad Request";
    const framework = error.code?.startsWith("FST_ERR_") || error instanceof SyntaxError;
    const message =
      FRAMEWORK_MESSAGES[error.code] ??
      (error instanceof SyntaxError ? serverMessages.invalidJson : undefined);
    return answer(status, {
      message: message ?? (framework ? statusText : error.message),
      error: statusText,
    });
  }
  return undefined;
}

/**
 * Refusals the router makes before any hook runs (a broken percent-encoding, an over-long path part):
 * Fastify's frameworkErrors option. The hooks did not run, so the headers every answer carries are set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setAnswerHeaders(request, reply);
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : (error.statusCode ?? 400);
  const statusText = STATUS_CODES[status] ?? "Bad Request";
  request.log.info({ code: error.code }, "request refused by the router");
  const { body } = answer(status, {
    message: FRAMEWORK_MESSAGES[error.code] ?? statusText,
    error: statusText,
  });
  return reply.status(status).send(body);
}

/** What Node's HTTP parser refuses, before Fastify sees a request: by error code, status and our words. */
function clientErrorAnswer(code: string | undefined): ErrorAnswer {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return answer(408, { message: serverMessages.requestTimeout, error: STATUS_CODES[408] });
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return answer(431, { message: serverMessages.headersTooLarge, error: STATUS_CODES[431] });
  }
  return answer(400, { message: serverMessages.notHttp, error: STATUS_CODES[400] });
}

/**
 * Fastify's clientErrorHandler: a request the HTTP parser refuses (a header too large, a broken request
 * line or chunk, two Content-Lengths, too slow to arrive) is answered on the raw socket, in the product's
 * error shape with the security headers and an id of its own, logged under that id, then closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, body } = clientErrorAnswer(error.code);
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, code: error.code, status }, "request refused by the HTTP parser");
  // Nothing more can be written once an answer to this request has begun: it is only closed.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const json = JSON.stringify(body);
    const headers: Array<readonly [string, string]> = [
      ["content-type", "application/json; charset=utf-8"],
      ["content-length", String(Buffer.byteLength(json))],
      ["connection", "close"],
      ["x-request-id", requestId],
      ...rawAnswerHeaders,
    ];
    const head = headers.map(([name, value]) => `${name}: ${value}`).join("\r\n");
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${json}`);
  }
  socket.destroy();
}

/**
 * One JSON error shape everywhere: { message, error?, fieldErrors? }. A 500 never shows internals (stack,
 * SQL, paths): the log has the error under the request id, which the answer carries in its body and, like
 * every answer, in the x-request-id header.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // An error answer sent by a route or a plugin itself (not thrown) gets its code here, from its English
  // message: before the customer API translates it, as this root hook runs first.
  app.addHook("preSerialization", async (request, reply, payload) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== "object" || Array.isArray(payload)) {
      return payload;
    }
    const body = payload as { message?: unknown; code?: unknown };
    if (typeof body.code === "string" || typeof body.message !== "string") return payload;
    // The not-found handler's "No route for GET /x" names the path: its code says what it is.
    const code = request.is404 ? generalErrorCodes.noRoute : errorCodeOf(body.message, reply.statusCode);
    return { ...body, code };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorAnswer(error);
    if (error instanceof TooManyRequests || error instanceof ServiceBusy) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (known) return reply.status(known.status).send(known.body);
    if (error instanceof DatabaseBusy) {
      // Not a bug either: more requests than connections for longer than one may wait; another instance
      // (or this one in a moment) can answer it.
      request.log.warn("database pool saturated: request refused");
      return reply
        .status(503)
        .header("retry-after", String(BUSY_RETRY_SECONDS))
        .send({
          message: serverMessages.serverBusy,
          code: errorCodeOf(serverMessages.serverBusy, 503),
          error: "Service Unavailable",
          requestId: request.id,
        });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is stopped or restarting; the pool reconnects by itself when it is back.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({
          message: serverMessages.databaseUnavailable,
          code: errorCodeOf(serverMessages.databaseUnavailable, 503),
          error: "Service Unavailable",
          requestId: request.id,
        });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({
      message: serverMessages.internal,
      code: errorCodeOf(serverMessages.internal, 500),
      error: "Internal Server Error",
      requestId: request.id,
    });
  });
});
