import { Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { UserDetail } from "@visadesk/contract/users";
import { customerAccountMessages as messages } from "@visadesk/contract/users-constants";
import { useId, useState } from "react";
import { BulkReasonDialog } from "@/components/bulk-reason-dialog";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatInstant } from "@/lib/date-time";
import { notify } from "@/lib/toast";
import { useCnicDecision, useCustomerDevices, useSignOutEverywhere } from "../api/customer-account";

const REJECT_REASON = {
  label: messages.rejectReasonLabel,
  hint: messages.rejectReasonHint,
  required: messages.rejectReasonRequired,
  maxLength: 500,
};

/**
 * What the customer does themselves in the customer app or site, on their record: the CNIC they sent and
 * staff's check of it (Verify, or Reject with a reason the customer is mailed), and the devices they are
 * signed in on, with Sign out everywhere (a lost phone).
 */
export function CustomerAccountPanel({ user }: { user: UserDetail }) {
  const decision = useCnicDecision(user.guidId);
  const devices = useCustomerDevices(user.guidId);
  const signOut = useSignOutEverywhere(user.guidId);
  const [rejecting, setRejecting] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const state = user.cnicVerification ?? "none";
  const titleId = useId();

  const decide = (body: { decision: "verified" } | { decision: "rejected"; reason: string }) =>
    decision.mutate(body, {
      onSuccess: () => notify.success(body.decision === "verified" ? messages.verified : messages.rejected),
      onError: (error) => notify.failure(messages.decisionFailed, error),
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {messages.title}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text>
            {messages.cnicCheck}: <strong>{messages.cnicStates[state]}</strong>
          </Text>
          {state === "pending" || state === "conflict" ? (
            <Group gap="xs">
              <Button variant="default" onClick={() => setRejecting(true)} disabled={decision.isPending}>
                {messages.reject}
              </Button>
              <Button onClick={() => decide({ decision: "verified" })} loading={decision.isPending}>
                {messages.verify}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text fw={500}>{messages.devices}</Text>
        {devices.isError ? (
          <Text c="var(--mantine-color-error)">{messages.devicesFailed}</Text>
        ) : devices.data?.length ? (
          <List spacing={2}>
            {devices.data.map((device) => (
              <List.Item key={device.id}>
                {device.deviceName}{" "}
                <Text span c="dimmed" size="sm">
                  ({messages.lastUsed} {formatInstant(device.lastUsedAt)})
                </Text>
              </List.Item>
            ))}
          </List>
        ) : devices.data ? (
          <Text c="dimmed" size="sm">
            {messages.noDevices}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            color="red"
            disabled={!devices.data?.length}
            onClick={() => setConfirmingSignOut(true)}
          >
            {messages.signOutEverywhere}
          </Button>
        </Group>
      </Stack>
      <BulkReasonDialog
        opened={rejecting}
        title={messages.rejectTitle}
        question={messages.rejectQuestion}
        confirmLabel={messages.reject}
        reason={REJECT_REASON}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => {
          setRejecting(false);
          decide({ decision: "rejected", reason });
        }}
      />
      <ConfirmDialog
        opened={confirmingSignOut}
        title={messages.signOutEverywhere}
        message={messages.signOutQuestion}
        confirmLabel={messages.signOutEverywhere}
        busy={signOut.isPending}
        onCancel={() => setConfirmingSignOut(false)}
        onConfirm={() =>
          signOut.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirmingSignOut(false);
              notify.success(answer.message);
            },
            onError: (error) => {
              setConfirmingSignOut(false);
              notify.failure(messages.signOutFailed, error);
            },
          })
        }
      />
    </Paper>
  );
}
