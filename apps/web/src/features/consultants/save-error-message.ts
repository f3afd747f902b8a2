import { authMessages } from "@visadesk/contract/auth-constants";
import { generalMessages } from "@visadesk/contract/general-constants";
import { HttpError, statusOf } from "@/lib/http";

/**
 * The toast of a failed save: 400 and 500 have fixed texts, 401 (timings and addresses)
 * asks to sign in again, anything else gets the screen's own failure text; an error that is not an HTTP
 * failure at all is "unexpected".
 */
export function saveErrorMessage(
  error: unknown,
  failure: string,
  options: { with401?: boolean } = {},
): string {
  const status = statusOf(error);
  if (status === 400) return generalMessages.invalidData;
  if (status === 401 && options.with401) return authMessages.authFailed;
  if (status === 500) return generalMessages.serverError;
  if (!(error instanceof HttpError)) return generalMessages.unexpected;
  return failure;
}
