import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TotpDisableBody, WebAuthnAnswer } from "@visadesk/contract/mfa";
import { mfaEndpoints } from "@visadesk/contract/mfa-endpoints";
import { call } from "@/lib/api-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";
import { withFreshProof } from "./reauthenticate";

const MFA_KEY = ["account", "mfa"] as const;

/** GET account/mfa: my authenticator app, recovery codes left and passkeys. */
export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: MFA_KEY, queryFn: () => call(mfaEndpoints.status, {}, { silent: true }) });
export const useMfaStatus = () => useQueryInSlices(mfaStatusQueryOptions());

/** POST account/mfa/totp: a new secret to scan (off until confirmed). */
export const useStartTotp = () =>
  useMutation({
    mutationFn: () => withFreshProof(() => call(mfaEndpoints.startTotp, {}, { silent: true })),
  });

/** POST account/mfa/totp/confirm: on, with 10 recovery codes shown once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      withFreshProof(() => call(mfaEndpoints.confirmTotp, { body: { code } }, { silent: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** DELETE account/mfa/totp: password and a code. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpDisableBody) => call(mfaEndpoints.disableTotp, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** Registers a passkey: options (password again), the browser's ceremony, then the answer under a name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      // The contract types the options as any JSON; they are what the browser library takes.
      const options = (await call(
        mfaEndpoints.passkeyOptions,
        { body: { password } },
        { silent: true },
      )) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON: options });
      return call(
        mfaEndpoints.addPasskey,
        { body: { name, response: response as unknown as WebAuthnAnswer } },
        { silent: true },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** DELETE account/mfa/passkeys/{id}. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withFreshProof(() => call(mfaEndpoints.deletePasskey, { params: { id } }, { silent: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** POST account/mfa/recovery-codes: 10 new codes, shown once; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withFreshProof(() => call(mfaEndpoints.newRecoveryCodes, {}, { silent: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}
