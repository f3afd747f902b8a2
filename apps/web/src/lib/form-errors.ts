import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrorsOf } from "./http";

/**
 * Puts the server's 400/409 field errors on the form's fields, the first of them focused. Server field
 * names are matched to the form's without regard to case ("email" -> "Email"), since multipart fields keep
 * the spec's casing; `rename` maps a server name the form calls otherwise (an array index, another field
 * that shows the error). Returns true when at least one error landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  rename: (serverName: string) => string = (serverName) => serverName,
): boolean {
  let applied = false;
  for (const [serverName, message] of Object.entries(fieldErrorsOf(error))) {
    const name = rename(serverName).toLowerCase();
    const field = fields.find((candidate) => candidate.toLowerCase() === name);
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** The field names of a form, from its blank values. */
export function fieldsOf<T extends FieldValues>(blank: T): Path<T>[] {
  return Object.keys(blank) as Path<T>[];
}
