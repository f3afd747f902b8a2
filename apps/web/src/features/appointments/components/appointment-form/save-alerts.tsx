import { Alert, Button, Text } from "@mantine/core";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling-constants";

/** Why the last save failed, beside the buttons the person just pressed. */
export function SaveFailure({ failure, editing }: { failure: string | null; editing: boolean }) {
  if (!failure) return null;
  return (
    <Alert color="red" title={editing ? messages.updateAlert : messages.createAlert}>
      {failure}
    </Alert>
  );
}

/** A time outside the consultant's hours or on their time off was refused: the offer to book it anyway. */
export function BookAnywayOffer({ pending, onBookAnyway }: { pending: boolean; onBookAnyway: () => void }) {
  return (
    <Alert color="orange" title={schedulingMessages.unavailable}>
      <Text size="sm" mb="sm">
        This time is outside the consultant's hours or on their time off. Booking it anyway marks the
        appointment as booked outside hours, under your name.
      </Text>
      <Button color="orange.9" loading={pending} onClick={onBookAnyway}>
        {schedulingMessages.bookAnyway}
      </Button>
    </Alert>
  );
}
