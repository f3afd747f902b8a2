// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Modal.css";
import {
  Alert,
  Box,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { Passkey, TotpEnrolment } from "@visadesk/contract/mfa";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useId, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadErrorState } from "@/components/list-table";
import { formatInstant } from "@/lib/date-time";
import { errorMessage, fieldErrorsOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import {
  useAddPasskey,
  useConfirmTotp,
  useDeletePasskey,
  useDisableTotp,
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useStartTotp,
} from "../api/mfa";

/** In this browser's time zone, named. */
const when = (iso: string) => formatInstant(iso);

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

function TotpSetUp({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
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

/** Replaces the recovery codes (used up, or seen by someone else); the new ones are shown once. */
function NewRecoveryCodes({ left, onMade }: { left: number; onMade: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <Group gap="sm">
      <Text size="sm">{left} of 10 left.</Text>
      <Button
        variant="default"
        size="xs"
        loading={regenerate.isPending}
        onClick={() =>
          regenerate.mutate(undefined, {
            onSuccess: (answer) => onMade(answer.recoveryCodes),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        Get new recovery codes
      </Button>
    </Group>
  );
}

/** The 10 recovery codes, shown once: copy, download, then close. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const text = (codes ?? []).join("\n");
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify.success("Recovery codes copied"))
      .catch(() => notify.error("The codes could not be copied: select and copy them by hand"));
  const download = () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
    link.download = "visadesk-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Modal
      opened={codes !== null}
      onClose={onClose}
      title="Save your recovery codes"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Text size="sm" mb="sm">
        {mfaMessages.recoveryCodesNote}
      </Text>
      <SimpleGrid
        cols={2}
        component="ul"
        aria-label="Recovery codes"
        mb="md"
        p={0}
        style={{ listStyle: "none" }}
      >
        {(codes ?? []).map((code) => (
          <Box component="li" key={code}>
            <Code fz="sm">{code}</Code>
          </Box>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => void copy()}>
            Copy codes
          </Button>
          <Button variant="default" onClick={download}>
            Download
          </Button>
        </Group>
        <Button onClick={onClose} data-autofocus>
          I have saved them
        </Button>
      </Group>
    </Modal>
  );
}

function TotpOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
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
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ "aria-label": "Show or hide current password" }}
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

function Passkeys({
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
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Caption>My passkeys</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
            <PasswordInput
              label="Current password"
              description="Asked again because a passkey can sign you in on its own."
              autoComplete="current-password"
              withAsterisk
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ "aria-label": "Show or hide current password for the passkey" }}
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
