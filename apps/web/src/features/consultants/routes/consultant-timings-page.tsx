import { Stack, Text } from "@mantine/core";
import type { ConsultantTiming } from "@visadesk/contract/consultants";
import { timingMessages, WEEKDAYS } from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import {
  isValidDayHours,
  schedulingMessages,
  usesDefaultHours,
} from "@visadesk/contract/scheduling-constants";
import { useParams } from "react-router";
import { DefaultHoursNotice } from "@/components/default-hours-notice";
import type { ListColumn } from "@/components/list-table";
import type { ScreenAddress } from "@/lib/feature";
import { prefetchForScreen } from "@/lib/screen-data";
import { prefetchConsultant } from "../api/get-consultant";
import { useSaveTiming } from "../api/save-timing";
import { timeOffQueryOptions } from "../api/time-off";
import { RecordManager } from "../components/record-manager";
import { TimeOffSection } from "../components/time-off-section";
import { dayLabel, TimingForm } from "../components/timing-form";

/** A day's hours; an old free-text value is shown flagged, as it counts as closed for bookings. */
function DayHours({ text }: { text: string | null }) {
  if (!text) return "Closed";
  if (isValidDayHours(text)) return text;
  return (
    <Text span c="red" size="sm" title={schedulingMessages.hoursFlagged}>
      {text} (not in HH:MM - HH:MM form: counts as closed)
    </Text>
  );
}

const columns: ListColumn<ConsultantTiming>[] = WEEKDAYS.map((day) => ({
  header: dayLabel(day),
  cell: (timing) => <DayHours text={timing[day]} />,
}));

/** /consultant-timings/{consultantId}: the weekly timings of one consultant and their time off. */
/** The record and its time off. */
export function prefetch(address: ScreenAddress) {
  prefetchConsultant(address);
  if (address.params.consultantId) prefetchForScreen(timeOffQueryOptions(address.params.consultantId));
}

export default function ConsultantTimingsPage() {
  const { consultantId = "" } = useParams();
  const save = useSaveTiming(consultantId);
  return (
    <Stack gap="lg">
      <RecordManager
        title="Consultant Timings"
        kind="Timing"
        plural="Timings"
        messages={timingMessages}
        probe={consultantEndpoints.timings}
        consultantId={consultantId}
        recordsOf={(consultant) => consultant.timings}
        save={save}
        columns={columns}
        minWidth={900}
        rowName={(_timing, index) => `timing ${index + 1}`}
        Form={TimingForm}
        fieldLabels={Object.fromEntries(WEEKDAYS.map((day) => [day, dayLabel(day)]))}
        notice={(timings) => (usesDefaultHours(timings) ? <DefaultHoursNotice /> : null)}
      />
      <TimeOffSection consultantId={consultantId} />
    </Stack>
  );
}
