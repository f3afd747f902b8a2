import { mfaMessages } from "@visadesk/contract/account-constants";
import type { ReauthenticateBody } from "@visadesk/contract/mfa";
import { mfaEndpoints } from "@visadesk/contract/mfa-endpoints";
import { useSyncExternalStore } from "react";
import { call } from "@/lib/api-client";
import { HttpError } from "@/lib/http";

/**
 * Changing a sign-in factor needs a proof of the last few minutes. When the server asks for one, the
 * dialog (ReauthenticateDialog) takes the password or a code, and the change is sent again: the person
 * never has to redo what they were doing.
 */

type Waiting = (proven: boolean) => void;
let waiting: Waiting | null = null;
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

/** Opens the dialog; true once the proof is accepted, false when it is cancelled. */
function askForProof(): Promise<boolean> {
  waiting?.(false);
  return new Promise<boolean>((resolve) => {
    waiting = resolve;
    tell();
  });
}

/** For the dialog: whether it is open, and how to close it. */
export function useProofRequest() {
  const open = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
  );
  const settle = (proven: boolean) => {
    const resolve = waiting;
    waiting = null;
    tell();
    resolve?.(proven);
  };
  return { open, settle };
}

const needsProof = (error: unknown) =>
  error instanceof HttpError &&
  error.response?.status === 403 &&
  (error.response.data as { message?: unknown } | undefined)?.message ===
    mfaMessages.reauthenticationRequired;

/** Runs a change of a sign-in factor; asked for a fresh proof, gets it through the dialog and runs it again. */
export async function withFreshProof<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!needsProof(error) || !(await askForProof())) throw error;
    return change();
  }
}

/** POST account/reauthenticate. */
export const reauthenticate = (body: ReauthenticateBody) =>
  call(mfaEndpoints.reauthenticate, { body }, { silent: true });
