// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { useState } from "react";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { type Decision, useDecideRegistration } from "../api/decide-registration";

/** Approve / Reject of a pending registration (Admin only; the server checks the role too). */
export function RegistrationDecision({ user }: { user: User }) {
  const decision = useDecideRegistration();
  const [confirmReject, setConfirmReject] = useState(false);
  const decide = (choice: Decision) =>
    decision.mutate(
      { guidId: user.guidId, decision: choice },
      {
        onSuccess: (answer) => {
          setConfirmReject(false);
          notify.success(answer.message);
        },
        onError: (error) => {
          const fallback =
            choice === "approve" ? approvalMessages.approveFailed : approvalMessages.rejectFailed;
          notify.error(`${fallback}: ${errorMessage(error)}`);
        },
      },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-xs"
        color="teal.9"
        leftSection={<IconCheck size={14} aria-hidden />}
        onClick={() => decide("approve")}
        loading={decision.isPending && decision.variables?.decision === "approve"}
        disabled={decision.isPending}
        aria-label={`Approve ${user.userName}`}
      >
        Approve
      </Button>
      <Button
        size="compact-xs"
        color="red.9"
        variant="outline"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={() => setConfirmReject(true)}
        disabled={decision.isPending}
        aria-label={`Reject ${user.userName}`}
      >
        Reject
      </Button>
      <Modal
        opened={confirmReject}
        onClose={() => setConfirmReject(false)}
        title="Reject registration"
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Text>{approvalMessages.rejectConfirm}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {user.userName} ({user.email})
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmReject(false)} disabled={decision.isPending}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => decide("reject")} loading={decision.isPending}>
            Reject
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
