import type {
  Answer,
  BodyOut,
  Endpoint,
  FormFieldsOut,
  FormFileName,
  ParamsOut,
  QueryOut,
} from "@visadesk/contract/endpoint";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart, type UploadedFile } from "#api/plugins/uploads";
import { fieldErrorsOf, ValidationError } from "./errors";

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Answer<E> | FastifyReply | Promise<Answer<E> | FastifyReply>;

/**
 * Registers a route from its declaration in the contract: its path, access, schemas and answers are the
 * declaration's, so the route, the API document and the web's client cannot disagree. The handler returns
 * the answer (or the reply it sent itself, such as a CSV stream); it goes out with the declared success status
 * (201 for a creation) unless the handler set one.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  config: Omit<FastifyContextConfig, "auth"> = {},
): void {
  const {
    method,
    path,
    auth,
    tags,
    summary,
    description,
    params,
    query,
    headers,
    body,
    form,
    produces,
    responses,
    answerHeaders,
    refusals,
  } = declaration;
  const success = Object.keys(responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const status = success.length === 1 ? success[0] : undefined;
  app.route({
    method,
    url: path.replace(/\{([^}]+)\}/g, ":$1"),
    config: {
      ...config,
      auth,
      ...(answerHeaders ? { answerHeaders } : {}),
      ...(refusals ? { refusals } : {}),
    },
    schema: {
      tags: [...tags],
      summary,
      ...(description ? { description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(headers ? { headers } : {}),
      ...(form
        ? {
            // Per media type: Fastify validates the JSON one; the route reads the multipart one (readForm).
            body: {
              content: {
                ...(body ? { "application/json": { schema: body } } : {}),
                "multipart/form-data": { schema: form },
              },
            },
          }
        : body
          ? { body }
          : {}),
      ...(produces ? { produces: [...produces] } : {}),
      response: responses,
    },
    ...(form ? { validatorCompiler: multipartReadByRoute } : {}),
    handler: (async (request: EndpointRequest<E>, reply: FastifyReply) => {
      const answer = await handler(request, reply);
      if (status !== undefined && reply.statusCode === 200) reply.status(status);
      return answer;
    }) as RouteHandlerMethod,
  });
}

/** Fastify has no parsed body for a multipart request: the route reads it with readForm. */
// biome-ignore lint/suspicious/noExplicitAny: Fastify types the compiler by each route's own schema
const multipartReadByRoute: FastifySchemaCompiler<any> = (request) =>
  request.httpPart === "body" && request.contentType === "multipart/form-data"
    ? () => true
    : validatorCompiler(request);

/** The schema under optional/nullable/default and the input side of a pipe: what a caller sends. */
function sentAs(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return sentAs(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return sentAs(schema.in as z.ZodType);
  return schema;
}
const isFile = (schema: z.ZodType) => sentAs(schema) instanceof z.ZodFile;
/** A list field of a form is sent as the same part repeated; sent once, it is a list of one. */
const isList = (schema: z.ZodType) => sentAs(schema) instanceof z.ZodArray;

/**
 * Reads the multipart body an endpoint declares (`form`): its text fields checked by the declaration's
 * schema, and each declared file, present or not (a missing required file answers the schema's message).
 * The files are the uploaded bytes, for checkImage; anything undeclared is ignored.
 */
export async function readForm<E extends Endpoint & { form: z.ZodObject }>(
  request: FastifyRequest,
  declaration: E,
): Promise<{ fields: FormFieldsOut<E>; files: Partial<Record<FormFileName<E>, UploadedFile>> }> {
  const multipart = await readMultipart(request);
  const shape = declaration.form.shape as Record<string, z.ZodType>;
  const fileNames = Object.keys(shape).filter((name) => isFile(shape[name] as z.ZodType));
  const textOnly = Object.fromEntries(fileNames.map((name) => [name, true as const]));
  const fields: Record<string, unknown> = { ...multipart.fields };
  for (const [name, values] of Object.entries(multipart.fieldLists)) {
    const field = shape[name];
    if (field && isList(field)) fields[name] = values;
  }
  const text = declaration.form.omit(textOnly as Record<string, true>).safeParse(fields);
  const errors: Record<string, string> = text.success ? {} : fieldErrorsOf(text.error.issues);
  const files: Record<string, UploadedFile> = {};
  for (const name of fileNames) {
    const file = multipart.files[name];
    if (file) files[name] = file;
    else {
      const missing = (shape[name] as z.ZodType).safeParse(undefined);
      if (!missing.success) errors[name] ??= missing.error.issues[0]?.message ?? "Required";
    }
  }
  if (!text.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    fields: text.data as unknown as FormFieldsOut<E>,
    files: files as Partial<Record<FormFileName<E>, UploadedFile>>,
  };
}
