// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import { Alert, Radio, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  type BookingParty,
  DELETE_REASON_MAX_LENGTH,
  type DeleteAppointmentChoice,
  upcomingDeletionMessages,
} from "@visadesk/contract/deletion-constants";
import { useState } from "react";
import { GrowingTextarea } from "@/components/growing-textarea";

/** The choice a delete with upcoming appointments needs, and the reason a cancel mails. */
export function useUpcomingChoice(party: BookingParty) {
  const texts = upcomingDeletionMessages(party, "");
  const [choice, setChoice] = useState<DeleteAppointmentChoice | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  return {
    party,
    choice,
    reason,
    reasonError,
    setChoice: (value: DeleteAppointmentChoice | null) => {
      setChoice(value);
      setReasonError(undefined);
    },
    setReason: (value: string) => {
      setReason(value);
      setReasonError(undefined);
    },
    setReasonError,
    /**
     * The query of the delete for `upcoming` appointments; undefined (and the reason's error shown) when a
     * cancel has no reason yet.
     */
    decision(upcoming: number): { appointments?: DeleteAppointmentChoice; reason?: string } | undefined {
      if (upcoming === 0 || choice === null) return {};
      if (choice === "keep") return { appointments: "keep" };
      if (!reason.trim()) {
        setReasonError(texts.reasonRequired);
        return undefined;
      }
      return { appointments: "cancel", reason: reason.trim() };
    },
    /** Nothing can be deleted while upcoming appointments wait for a decision. */
    needsChoice: (upcoming: number) => upcoming > 0 && choice === null,
  };
}
export type UpcomingChoice = ReturnType<typeof useUpcomingChoice>;

/**
 * The upcoming appointments a delete would leave, and their fate as an explicit choice: cancel them with a
 * reason that is mailed, or keep them flagged (the consultant or customer "removed").
 */
export function UpcomingAppointmentsChoice({ upcoming, state }: { upcoming: number; state: UpcomingChoice }) {
  if (upcoming === 0) return null;
  const texts = upcomingDeletionMessages(state.party, "");
  return (
    <Alert
      color="orange"
      variant="light"
      title={
        <Text fw={700} size="sm" c="dark">
          Upcoming appointments
        </Text>
      }
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      <Stack gap="sm">
        <Text size="sm">
          This {state.party} has {upcoming} upcoming appointment{upcoming === 1 ? "" : "s"} that{" "}
          {upcoming === 1 ? "is" : "are"} not cancelled.
        </Text>
        <Radio.Group
          label={texts.choiceLabel}
          value={state.choice}
          onChange={(value) => state.setChoice(value as DeleteAppointmentChoice)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="cancel" label={texts.cancelChoice} description={texts.cancelHint} />
            <Radio value="keep" label={texts.keepChoice} description={texts.keepHint} />
          </Stack>
        </Radio.Group>
        {state.choice === "cancel" && (
          <GrowingTextarea
            label={texts.reasonLabel}
            required
            minRows={2}
            maxLength={DELETE_REASON_MAX_LENGTH}
            value={state.reason}
            onChange={(event) => state.setReason(event.currentTarget.value)}
            error={state.reasonError}
          />
        )}
      </Stack>
    </Alert>
  );
}
