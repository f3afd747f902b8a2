import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrorsOf } from "./http";

/**
 * Puts the server's 400/409 field errors on the form's fields. Server field names are matched to the
 * form's without regard to case ("email" -> "Email"), since multipart fields keep the spec's casing.
 * Returns true when at least one error landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fields.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
