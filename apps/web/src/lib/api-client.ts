import {
  type Answer,
  type BodyIn,
  type Endpoint,
  type ParamsIn,
  pathOf,
  type QueryIn,
} from "@visadesk/contract/endpoint";
import { API_HOST } from "./env";
import { http, type RequestConfig } from "./http";

/** What a call of the endpoint takes: its path parameters, query and body, each only where it has one. */
export type CallInput<E extends Endpoint> = (ParamsIn<E> extends undefined
  ? unknown
  : { params: ParamsIn<E> }) &
  (QueryIn<E> extends undefined ? unknown : { query?: QueryIn<E> }) &
  (BodyIn<E> extends undefined ? unknown : { body: BodyIn<E> });

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
  const { params, query, body } = input as { params?: Record<string, string>; query?: Query; body?: unknown };
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
