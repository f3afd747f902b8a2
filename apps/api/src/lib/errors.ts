import { serverMessages } from "@visadesk/contract/common-constants";
import type { z } from "zod";

/** Typed domain errors: services throw these; the error plugin maps them to statuses. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(fieldErrors: Record<string, string>, message?: string) {
    super(400, message ?? Object.values(fieldErrors)[0] ?? serverMessages.validation, fieldErrors);
  }
  static fromZod(error: z.ZodError): ValidationError {
    return new ValidationError(fieldErrorsOf(error.issues));
  }
}
export class Unauthorized extends AppError {
  constructor(message: string = serverMessages.notSignedIn) {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string = serverMessages.forbidden) {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message: string = serverMessages.notFound) {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field ? { [field]: message } : undefined);
  }
}
export class NotAcceptable extends AppError {
  constructor(message: string) {
    super(406, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string = serverMessages.fileTooLarge) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
/** 429 with a Retry-After header: the message says when, in words; the header, in seconds. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** 503 with a Retry-After header: the server is busy for a moment (not broken); try again after it. */
export class ServiceBusy extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

/**
 * The longest text an error answer's message or a field's refusal has: the API documents say it, and a
 * refusal that echoes what was sent is cut to it.
 */
export const ERROR_TEXT_MAX_LENGTH = 16_384;

/** First message per field, keyed by the field's path ("timings.0.monday" for nested ones). */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    // A message that echoes what was sent (an unknown key's name) is cut to the length the documents say.
    fieldErrors[key] ??= issue.message.slice(0, ERROR_TEXT_MAX_LENGTH);
  }
  return fieldErrors;
}

/** Parses with a zod schema, throwing the 400 ValidationError the error plugin understands. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}
