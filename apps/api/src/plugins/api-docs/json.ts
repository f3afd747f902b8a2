/** A piece of an OpenAPI document as the transforms build it. */
export type Json = Record<string, unknown>;
/** One operation of a document: its answers by status, its parameters, its body. */
export type Operation = Json & {
  responses?: Record<string, Json>;
  parameters?: Json[];
  requestBody?: unknown;
};
