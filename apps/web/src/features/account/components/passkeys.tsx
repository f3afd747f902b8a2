import { Alert, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { Passkey } from "@visadesk/contract/mfa";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatInstant } from "@/lib/date-time";
import { errorMessage, fieldErrorsOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useAddPasskey, useDeletePasskey } from "../api/mfa";
import { AccountTable } from "./account-table";
import { CurrentPasswordInput } from "./current-password-input";

/** In this browser's time zone, named. */
const when = (iso: string) => formatInstant(iso);

/** My passkeys, each deletable, and the form that adds one (the password again, then the browser asks). */
export function Passkeys({
  passkeys,
  onAdded,
}: {
  passkeys: Passkey[];
  /** With the account's first factor, the recovery codes to show once. */
  onAdded: (recoveryCodes: string[] | undefined) => void;
}) {
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = mfaMessages.passkeyNameRequired;
    if (!password) missing.password = mfaMessages.passwordWrong;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    add.mutate(
      { name: name.trim(), password },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setName("");
          setPassword("");
          onAdded(answer.recoveryCodes);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields.password || fields.name) setErrors(fields);
          else setErrors({ response: fields.response ?? mfaMessages.passkeyFailed });
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No passkeys yet. A passkey signs you in with your device's fingerprint, face or PIN.
        </Text>
      ) : (
        <AccountTable caption="My passkeys" columns={["Name", "Added", "Last used"]} minWidth={480}>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Td>{passkey.name}</Table.Td>
              <Table.Td>{when(passkey.createdAt)}</Table.Td>
              <Table.Td>{passkey.lastUsedAt ? when(passkey.lastUsedAt) : "Never"}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => setDeleting(passkey)}
                  aria-label={`Delete passkey ${passkey.name}`}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </AccountTable>
      )}
      {supported ? (
        <form onSubmit={submit} noValidate aria-label="Add a passkey">
          <Stack gap="sm" maw={420}>
            {errors.response ? (
              <Alert color="red" role="alert">
                {errors.response}
              </Alert>
            ) : null}
            <TextInput
              label="Passkey name"
              placeholder="Work laptop"
              withAsterisk
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
            />
            <CurrentPasswordInput
              description="Asked again because a passkey can sign you in on its own."
              toggleFor="current password for the passkey"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
            />
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add passkey
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm">{mfaMessages.passkeyUnsupported}</Text>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete passkey"
        message={`Delete the passkey "${deleting?.name ?? ""}"? It will no longer sign you in.`}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              setDeleting(null);
              notify.success(answer.message);
            },
            onError: (error) => {
              setDeleting(null);
              notify.error(errorMessage(error));
            },
          })
        }
      />
    </Stack>
  );
}
