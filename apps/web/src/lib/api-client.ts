import {
  type Answer,
  type BodyIn,
  type Endpoint,
  type FormIn,
  type ParamsIn,
  pathOf,
  type QueryIn,
} from "@visadesk/contract/endpoint";
import { API_HOST } from "./env";
import { http, type RequestConfig, addressOf as requestAddress } from "./http";

/**
 * What a call of the endpoint takes: its path parameters, query and body, each only where it has one. An
 * endpoint with a multipart `form` takes `form` (its fields by their multipart names, files as File), or its
 * JSON body where it declares one as well.
 */
export type CallInput<E extends Endpoint> = (ParamsIn<E> extends undefined
  ? unknown
  : { params: ParamsIn<E> }) &
  (QueryIn<E> extends undefined ? unknown : { query?: QueryIn<E> }) &
  (FormIn<E> extends undefined
    ? BodyIn<E> extends undefined
      ? unknown
      : { body: BodyIn<E> }
    : BodyIn<E> extends undefined
      ? { form: FormIn<E> }
      : { form: FormIn<E> } | { body: BodyIn<E> });

/**
 * A multipart body from the form's fields: files as they are, a list as its part repeated (one per item),
 * other values as text, absent ones left out.
 */
export function formDataOf(fields: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      data.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return data;
}

type Query = RequestConfig["params"];
const API_BASE_PATH = "/api/v2/";

/**
 * The API's paths go under the HTTP client's base (`${API_HOST}/api/v2/`, the one place that says where the
 * API is); any other path of the server, from API_HOST.
 */
function addressOf(declaration: Endpoint, params: Record<string, string> | undefined): [string, string] {
  const path = pathOf(declaration, params);
  return path.startsWith(API_BASE_PATH)
    ? [path.slice(API_BASE_PATH.length), http.defaults.baseURL]
    : [`${API_HOST}${path}`, ""];
}

/**
 * The whole address of a call, its query written as call() writes it, for a caller that reads the answer
 * itself: a list's export, read as a stream so the rows are counted as they arrive.
 */
export function addressOfCall<E extends Endpoint>(declaration: E, input: CallInput<E>): string {
  const { params, query } = input as { params?: Record<string, string>; query?: Query };
  const [url, baseURL] = addressOf(declaration, params);
  return requestAddress(url, { baseURL, params: query });
}

/** A file the endpoint answers (a CSV export), as a Blob; errors as call()'s. */
export async function download<E extends Endpoint>(declaration: E, input: CallInput<E>): Promise<Blob> {
  const { params, query } = input as { params?: Record<string, string>; query?: Query };
  const [url, baseURL] = addressOf(declaration, params);
  return (await http.get<Blob>(url, { baseURL, params: query, responseType: "blob" })).data;
}

/**
 * Calls an endpoint the contract declares: the path, method and shapes come from its declaration, so a
 * wrong parameter, filter value or sort field does not compile. Errors are the HTTP client's (toasts,
 * the 401 rule, `silent`).
 */
export async function call<E extends Endpoint>(
  declaration: E,
  input: CallInput<E>,
  options: Omit<RequestConfig, "params" | "data" | "baseURL"> = {},
): Promise<Answer<E>> {
  const { params, query, form } = input as {
    params?: Record<string, string>;
    query?: Query;
    form?: Record<string, unknown>;
  };
  const body = form ? formDataOf(form) : (input as { body?: unknown }).body;
  const [url, baseURL] = addressOf(declaration, params);
  const config: RequestConfig = { ...options, baseURL, params: query };
  switch (declaration.method) {
    case "GET":
      return (await http.get<Answer<E>>(url, config)).data;
    case "DELETE":
      return (await http.delete<Answer<E>>(url, { ...config, data: body })).data;
    case "POST":
      return (await http.post<Answer<E>>(url, body, config)).data;
    case "PUT":
      return (await http.put<Answer<E>>(url, body, config)).data;
    case "PATCH":
      return (await http.patch<Answer<E>>(url, body, config)).data;
  }
}
