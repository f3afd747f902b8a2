import { Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { TotpEnrolment } from "@visadesk/contract/mfa";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrorsOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useConfirmTotp, useDisableTotp, useStartTotp } from "../api/mfa";
import { CurrentPasswordInput } from "./current-password-input";

/** Off: a new secret to scan, then a code from the app turns it on (the recovery codes go up). */
export function TotpSetUp({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const idPrefix = useId();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => setEnrolment(answer),
      onError: (error) => notify.error(errorMessage(error)),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(mfaMessages.codeFormat);
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => onConfirmed(answer.recoveryCodes),
      onError: (error) => setCodeError(fieldErrorsOf(error).code ?? errorMessage(error)),
    });
  };

  return (
    <>
      {!enrolment ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            Off. Use an app such as Google Authenticator, Microsoft Authenticator or 1Password to sign in with
            a 6-digit code after your password.
          </Text>
          <Button onClick={begin} loading={start.isPending}>
            Set up authenticator app
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Set up authenticator app">
          <Stack gap="sm" maw={420}>
            <Text size="sm">{mfaMessages.totpStarted}</Text>
            <QRCodeSVG
              value={enrolment.otpauthUrl}
              size={176}
              marginSize={2}
              role="img"
              aria-label="QR code for your authenticator app"
            />
            <Text size="sm" id={`${idPrefix}-totp-secret-label`}>
              Or type this key into the app:
            </Text>
            <Code block aria-labelledby={`${idPrefix}-totp-secret-label`} data-testid="totp-secret">
              {enrolment.secret}
            </Code>
            <TextInput
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
            />
            <Group>
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
              <Button variant="default" onClick={() => setEnrolment(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}

/** On: turning it off takes the password and a code from the app or a recovery code. */
export function TotpOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableTotp();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!password) missing.password = mfaMessages.passwordWrong;
    if (!code.trim()) missing.code = mfaMessages.codeRequired;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields.password || fields.code) setErrors(fields);
          else notify.error(errorMessage(error));
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm">On. {recoveryCodesLeft} of 10 recovery codes left.</Text>
      {!open ? (
        <Group>
          <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
            Turn off authenticator app
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Turn off authenticator app">
          <Stack gap="sm" maw={420}>
            <CurrentPasswordInput
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
            />
            <TextInput
              label="Code from the app, or a recovery code"
              autoComplete="one-time-code"
              withAsterisk
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={errors.code}
            />
            <Group>
              <Button type="submit" color="red.9" loading={disable.isPending}>
                Turn off
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
