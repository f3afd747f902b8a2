import type { z } from "zod";
import type { Role } from "./roles";

/**
 * One endpoint, declared once: the server registers its route from this (method, path, access, the
 * schemas that validate and document it), and the web calls it through one typed client, so a path, a
 * parameter or an answer's shape cannot drift between them. Not ts-rest or Zodios: neither has a release
 * for zod 4, and this is the little of them the product needs on top of fastify-type-provider-zod.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The whole path, its parameters in braces as the API document writes them: "/api/v2/tasks/{id}". */
  path: `/${string}`;
  /**
   * Who may call it: anyone ("public"), a signed-in customer of the customer API ("customer", its own
   * tokens), or the back-office roles listed.
   */
  auth: "public" | "customer" | readonly Role[];
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** Request headers it reads (their names in lower case, as HTTP/2 and Fastify write them). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A multipart/form-data body (its files as `z.file()`): the route reads it itself (files are not JSON), and
   * the document and the generated client type it; with `body` as well, either may be sent.
   */
  form?: z.ZodObject;
  /** The media types of a success that is not JSON (a CSV export). */
  produces?: readonly string[];
  /** Headers its success answer carries beyond every answer's (a cookie it sets), each with what it holds. */
  answerHeaders?: Readonly<Record<string, string>>;
  /**
   * The refusals it gives beyond the shared ones (a session missing, a role that may not), by status, each
   * as the message the server answers (in English): the API document shows each as an example with its
   * code (error-codes), so a client sees which codes to tell apart.
   */
  refusals?: Readonly<Record<number, readonly string[]>>;
  /** Every answer by status; the 2xx one is what a caller gets back. */
  responses: { [status: number]: z.ZodType };
}

/** Declares an endpoint, keeping its literal types (the path, the schemas) for the server and the client. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type SchemaOf<E, K extends "params" | "query" | "body"> = E extends { [key in K]: infer S extends z.ZodType }
  ? S
  : undefined;
/** What the caller sends (before defaults and coercion) and what the server's handler receives (after). */
export type ParamsIn<E> =
  SchemaOf<E, "params"> extends z.ZodType ? z.input<SchemaOf<E, "params">> : undefined;
export type QueryIn<E> = SchemaOf<E, "query"> extends z.ZodType ? z.input<SchemaOf<E, "query">> : undefined;
export type BodyIn<E> = SchemaOf<E, "body"> extends z.ZodType ? z.input<SchemaOf<E, "body">> : undefined;
export type ParamsOut<E> =
  SchemaOf<E, "params"> extends z.ZodType ? z.output<SchemaOf<E, "params">> : undefined;
export type QueryOut<E> = SchemaOf<E, "query"> extends z.ZodType ? z.output<SchemaOf<E, "query">> : undefined;
export type BodyOut<E> = SchemaOf<E, "body"> extends z.ZodType ? z.output<SchemaOf<E, "body">> : undefined;
/** What a caller puts in a multipart body, by the form's own (multipart) names; files as File. */
export type FormIn<E> = E extends { form: infer S extends z.ZodObject } ? z.input<S> : undefined;
/** The text fields of a multipart body (what `form` declares, files left out). */
export type FormFieldsOut<E> = E extends { form: infer S extends z.ZodObject }
  ? { [K in keyof z.output<S> as z.output<S>[K] extends File | undefined ? never : K]: z.output<S>[K] }
  : undefined;
/** The names of a multipart body's files. */
export type FormFileName<E> = E extends { form: infer S extends z.ZodObject }
  ? { [K in keyof z.output<S>]: z.output<S>[K] extends File | undefined ? K : never }[keyof z.output<S>] &
      string
  : never;

type SuccessStatus = 200 | 201 | 202 | 204;
/** The answer of a successful call, as its 2xx schema describes it. */
export type Answer<E extends Endpoint> = {
  [S in keyof E["responses"] & SuccessStatus]: z.output<E["responses"][S]>;
}[keyof E["responses"] & SuccessStatus];

/** The path with its parameters filled in (each one encoded): "/api/v2/tasks/3f…". */
export function pathOf(declaration: Endpoint, params: Record<string, string | number> | undefined): string {
  return declaration.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${declaration.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
