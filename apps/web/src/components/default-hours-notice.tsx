import { Alert } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { defaultHoursNotice } from "@visadesk/contract/scheduling-constants";

/**
 * Where a consultant has no timings, bookings offer the default hours every day: said wherever hours are
 * read (the timings page, the consultant's page, the booking dialog), so "No timings found" never reads as
 * "never available".
 */
export function DefaultHoursNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} aria-hidden />} role="note">
      {defaultHoursNotice}
    </Alert>
  );
}
