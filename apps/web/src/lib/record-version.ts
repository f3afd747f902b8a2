import { serverMessages } from "@visadesk/contract/common-constants";
import { errorMessage, statusOf } from "./http";

/** True for the API's 409 of a save based on a version of the record that is no longer the stored one. */
export function isStaleVersion(error: unknown): boolean {
  return statusOf(error) === 409 && errorMessage(error) === serverMessages.staleVersion;
}

/**
 * The labels of the fields whose values differ between the record as the form loaded it and as the server
 * holds it now, in the labels' order. Values are compared as JSON (arrays and numbers alike).
 */
export function changedFields<T extends object>(
  loaded: T,
  latest: T,
  labels: Partial<Record<keyof T, string>>,
): string[] {
  const changed: string[] = [];
  for (const [field, label] of Object.entries(labels) as Array<[keyof T, string]>) {
    if (JSON.stringify(loaded[field]) !== JSON.stringify(latest[field]) && !changed.includes(label)) {
      changed.push(label);
    }
  }
  return changed;
}
