import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { mfaMessages } from "@visadesk/contract/account-constants";
import { type FormEvent, useState } from "react";
import { Dialog } from "@/components/dialog";
import { errorMessage, fieldErrorsOf } from "@/lib/http";
import { reauthenticate, useProofRequest } from "../api/reauthenticate";

/** Asks for the password (or a code) when a change of how one signs in needs a fresh proof. */
export function ReauthenticateDialog() {
  const { open, settle } = useProofRequest();
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (proven: boolean) => {
    setValue("");
    setError(undefined);
    setUseCode(false);
    settle(proven);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(useCode ? mfaMessages.codeRequired : mfaMessages.passwordWrong);
    setBusy(true);
    try {
      await reauthenticate(useCode ? { code: value.trim() } : { password: value });
      close(true);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields.password ?? fields.code ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      opened={open}
      onClose={() => !busy && close(false)}
      title="Confirm it is you"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm it is you">
        <Stack gap="sm">
          <Text size="sm">{mfaMessages.reauthenticationRequired}.</Text>
          {useCode ? (
            <TextInput
              label="Code from the app, or a recovery code"
              autoComplete="one-time-code"
              withAsterisk
              data-autofocus
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
            />
          ) : (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
            />
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              setUseCode(!useCode);
              setValue("");
              setError(undefined);
            }}
          >
            {useCode ? "Use my password instead" : "Use a code from my authenticator app instead"}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
