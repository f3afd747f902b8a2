import { Button, Group } from "@mantine/core";
import { IconArrowBackUp, IconCheck, IconX } from "@tabler/icons-react";
import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { type Decision, useDecideRegistration } from "../api/decide-registration";

/** Re-open of a rejected registration (Admin only): back to pending, where Approve and Reject decide again. */
export function ReopenRegistration({ user }: { user: User }) {
  const decision = useDecideRegistration();
  const reopen = () =>
    decision.mutate(
      { guidId: user.guidId, decision: "reopen" },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(`${approvalMessages.reopenFailed}: ${errorMessage(error)}`),
      },
    );
  return (
    <Button
      size="compact-xs"
      variant="outline"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      onClick={reopen}
      loading={decision.isPending}
      aria-label={`Re-open ${user.userName}`}
    >
      {approvalMessages.reopen}
    </Button>
  );
}

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
      <ConfirmDialog
        opened={confirmReject}
        title="Reject registration"
        message={approvalMessages.rejectConfirm}
        details={`${user.userName} (${user.email})`}
        confirmLabel="Reject"
        busy={decision.isPending}
        onConfirm={() => decide("reject")}
        onCancel={() => setConfirmReject(false)}
      />
    </Group>
  );
}
