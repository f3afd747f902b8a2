import { Anchor, Button, Divider, Stack, Text, TextInput } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import type { LoginResponse } from "@visadesk/contract/auth";
import { secondFactorMessages } from "@visadesk/contract/auth-constants";
import type { MfaRequired } from "@visadesk/contract/mfa";
import { type FormEvent, useRef, useState } from "react";
import { errorMessage } from "@/lib/http";
import { useVerifyMfaCode, useVerifyMfaPasskey } from "../api/verify-mfa";
import { FailureAlert } from "./failure-alert";

/** The second step of sign-in: a code from the app, a recovery code, or a passkey. */
export function SecondFactorForm({
  step,
  onSignedIn,
  onBack,
}: {
  step: MfaRequired;
  onSignedIn: (answer: LoginResponse) => void;
  onBack: () => void;
}) {
  const hasApp = step.methods.includes("totp");
  const hasPasskey = step.methods.includes("passkey");
  const hasRecovery = step.methods.includes("recovery");
  const [mode, setMode] = useState<"app" | "recovery">(hasApp ? "app" : "recovery");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const byCode = useVerifyMfaCode();
  const byPasskey = useVerifyMfaPasskey();
  const input = useRef<HTMLInputElement>(null);
  const failure = byCode.error ?? byPasskey.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed)
      return setFieldError(
        mode === "app" ? secondFactorMessages.codeFormat : secondFactorMessages.codeRequired,
      );
    if (mode === "app" && !/^\d{6}$/.test(typed.replace(/\s/g, "")))
      return setFieldError(secondFactorMessages.codeFormat);
    setFieldError(undefined);
    byPasskey.reset();
    byCode.mutate(
      { mfaToken: step.mfaToken, code: typed },
      {
        onSuccess: onSignedIn,
        onError: () => {
          setCode("");
          input.current?.focus();
        },
      },
    );
  };
  const verifyWithPasskey = () => {
    byCode.reset();
    byPasskey.mutate(step.mfaToken, { onSuccess: onSignedIn });
  };

  return (
    <Stack gap="md">
      {failure ? (
        <FailureAlert title="Sign-in failed">
          {byPasskey.error && !(byPasskey.error as { response?: unknown }).response
            ? secondFactorMessages.passkeyFailed
            : errorMessage(failure)}
        </FailureAlert>
      ) : null}
      {hasApp || hasRecovery ? (
        <form onSubmit={submit} noValidate aria-label="Two-factor code">
          <Stack gap="sm">
            <TextInput
              ref={input}
              key={mode}
              // Focused on arrival and whenever the kind of code changes (the key makes a new field).
              autoFocus
              label={mode === "app" ? "6-digit code from your authenticator app" : "Recovery code"}
              inputMode={mode === "app" ? "numeric" : "text"}
              autoComplete="one-time-code"
              withAsterisk
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={fieldError}
            />
            <Button type="submit" fullWidth loading={byCode.isPending}>
              Verify
            </Button>
            {hasApp && hasRecovery ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="indigo.8"
                onClick={() => {
                  setCode("");
                  setFieldError(undefined);
                  setMode(mode === "app" ? "recovery" : "app");
                }}
              >
                {mode === "app" ? "Use a recovery code instead" : "Use a code from the app instead"}
              </Anchor>
            ) : null}
          </Stack>
        </form>
      ) : null}
      {(hasApp || hasRecovery) && hasPasskey ? <Divider label="or" labelPosition="center" /> : null}
      {hasPasskey && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconFingerprint size={18} aria-hidden />}
          onClick={verifyWithPasskey}
          loading={byPasskey.isPending}
        >
          Use a passkey
        </Button>
      )}
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" c="indigo.8" onClick={onBack}>
          Back to sign-in
        </Anchor>
      </Text>
    </Stack>
  );
}
