/**
 * openapi-fetch's bodySerializer for a multipart body the customer API's document declares: each field that
 * has a value, files as they are. The browser (or Node's fetch) writes the boundary itself.
 */
export function formBody(body: object | undefined): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}
