import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@visadesk/contract/auth-constants";
import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationError } from "./errors";

/** How many of the ranked list's most common passwords are refused (ASVS 2.1.7). */
export const COMMON_PASSWORD_COUNT = 10_000;

// zxcvbn's list is ranked by how often each password appears in leaked password sets, lowercased.
// Kept on the server only: it would weigh far more than the sign-in page's whole script budget.
let commonPasswords: Set<string> | undefined;
const common = () => {
  commonPasswords ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT));
  return commonPasswords;
};

/** Case does not make a common password less guessable ("Password1" is "password1"). */
export const isCommonPassword = (password: string) => common().has(password.toLowerCase());

/** Why a chosen password is refused, or null: length 8 to 128, not one of the most common; no composition rules. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  if (isCommonPassword(password)) return authMessages.passwordTooCommon;
  return null;
}

/** The 400 naming the field, for every place a person sets a password. */
export function assertAcceptablePassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError({ [field]: problem });
}
