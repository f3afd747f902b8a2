// Its Mantine styles come with it (for the pieces beside it too): the screens that do not use it never load them.
import "@mantine/core/styles/Code.css";
import { Loader, Stack, Title } from "@mantine/core";
import { useId, useState } from "react";
import { LoadErrorState } from "@/components/list-table";
import { useMfaStatus } from "../api/mfa";
import { TotpOn, TotpSetUp } from "./authenticator-app";
import { Passkeys } from "./passkeys";
import { NewRecoveryCodes, RecoveryCodesDialog } from "./recovery-codes";

/** Two-factor sign-in on /settings: an authenticator app (with recovery codes) and passkeys. */
export function TwoFactorSection({ onEnrolled }: { onEnrolled: () => void }) {
  const idPrefix = useId();
  const status = useMfaStatus();
  // Kept here: once the app is on, the set-up form gives way to its status, but the codes stay on screen.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (status.isPending) return <Loader size="sm" aria-label="Loading two-factor sign-in" />;
  if (status.isError) {
    return <LoadErrorState texts={{ title: "Two-factor sign-in could not be loaded" }} query={status} />;
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby={`${idPrefix}-totp-heading`}>
        <Title order={4} id={`${idPrefix}-totp-heading`} size="h5">
          Authenticator app
        </Title>
        {status.data.totpEnabled ? (
          <TotpOn recoveryCodesLeft={status.data.recoveryCodesLeft} />
        ) : (
          <TotpSetUp onConfirmed={setRecoveryCodes} />
        )}
        <RecoveryCodesDialog
          codes={recoveryCodes}
          onClose={() => {
            setRecoveryCodes(null);
            onEnrolled();
          }}
        />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={`${idPrefix}-passkeys-heading`}>
        <Title order={4} id={`${idPrefix}-passkeys-heading`} size="h5">
          Passkeys
        </Title>
        <Passkeys
          passkeys={status.data.passkeys}
          onAdded={(codes) => (codes ? setRecoveryCodes(codes) : onEnrolled())}
        />
      </Stack>
      {status.data.totpEnabled || status.data.passkeys.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby={`${idPrefix}-codes-heading`}>
          <Title order={4} id={`${idPrefix}-codes-heading`} size="h5">
            Recovery codes
          </Title>
          <NewRecoveryCodes left={status.data.recoveryCodesLeft} onMade={setRecoveryCodes} />
        </Stack>
      ) : null}
    </Stack>
  );
}
