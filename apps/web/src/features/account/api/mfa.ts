import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MfaStatus,
  PasskeyAdded,
  RecoveryCodesAnswer,
  TotpDisableBody,
  TotpEnrolment,
} from "@visadesk/contract/mfa";
import { http } from "@/lib/http";
import { withFreshProof } from "./reauthenticate";

const MFA_KEY = ["account", "mfa"] as const;

/** GET account/mfa: my authenticator app, recovery codes left and passkeys. */
export const useMfaStatus = () =>
  useQuery({
    queryKey: MFA_KEY,
    queryFn: async () => (await http.get<MfaStatus>("account/mfa", { silent: true })).data,
  });

/** POST account/mfa/totp: a new secret to scan (off until confirmed). */
export const useStartTotp = () =>
  useMutation({
    mutationFn: () =>
      withFreshProof(
        async () => (await http.post<TotpEnrolment>("account/mfa/totp", undefined, { silent: true })).data,
      ),
  });

/** POST account/mfa/totp/confirm: on, with 10 recovery codes shown once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      withFreshProof(
        async () =>
          (await http.post<RecoveryCodesAnswer>("account/mfa/totp/confirm", { code }, { silent: true })).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** DELETE account/mfa/totp: password and a code. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpDisableBody) =>
      (await http.delete<{ message: string }>("account/mfa/totp", { data: body, silent: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** Registers a passkey: options (password again), the browser's ceremony, then the answer under a name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const options = (
        await http.post<PublicKeyCredentialCreationOptionsJSON>(
          "account/mfa/passkeys/options",
          { password },
          { silent: true },
        )
      ).data;
      const response = await startRegistration({ optionsJSON: options });
      return (await http.post<PasskeyAdded>("account/mfa/passkeys", { name, response }, { silent: true }))
        .data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** DELETE account/mfa/passkeys/{id}. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withFreshProof(
        async () =>
          (
            await http.delete<{ message: string }>(`account/mfa/passkeys/${encodeURIComponent(id)}`, {
              silent: true,
            })
          ).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** POST account/mfa/recovery-codes: 10 new codes, shown once; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withFreshProof(
        async () =>
          (await http.post<RecoveryCodesAnswer>("account/mfa/recovery-codes", undefined, { silent: true }))
            .data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}
