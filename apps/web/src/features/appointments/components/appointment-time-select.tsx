import { Alert, NativeSelect, Stack, Switch } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { isCalendarDate } from "@visadesk/contract/appointments-constants";
import { schedulingMessages } from "@visadesk/contract/scheduling-constants";
import { useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { DefaultHoursNotice } from "@/components/default-hours-notice";
import { useAvailability } from "../api/get-availability";
import { customerTimeOf, daySlots, zonesDiffer } from "../time-zones";

/** The slot length when the server's answer is not there to say it (APPOINTMENT_SLOT_MINUTES' default). */
const DEFAULT_SLOT_MINUTES = 30;

interface AppointmentTimeSelectProps {
  consultantId: string;
  /** The chosen date, YYYY-MM-DD in the consultant's zone; anything else offers no times yet. */
  date: string;
  /** The chosen time ("HH:MM"): always listed, free or not, so the select never hides it. */
  value: string;
  /** Edit: the stored time, which its own appointment occupies (so it is never among the free ones). */
  storedTime?: string | undefined;
  /** The customer's own zone: their local time is shown beside each slot when it differs. */
  customerZone?: string | null | undefined;
  error?: string | undefined;
  field: UseFormRegisterReturn<"appointmentTime">;
}

type Item = { value: string; label: string };

/**
 * The Appointment Time select: the chosen day's free slots in the consultant's zone (the customer's time
 * beside them when their zone differs); "Show all times" adds the rest, with a warning that those are
 * outside the consultant's hours, on time off or taken.
 */
export function AppointmentTimeSelect(props: AppointmentTimeSelectProps) {
  const [showAll, setShowAll] = useState(false);
  const ready = props.consultantId !== "" && isCalendarDate(props.date);
  const availability = useAvailability(props.consultantId, props.date, ready);
  const answer = availability.data;
  const zone = answer?.timeZone;
  const free = answer?.days.find((day) => day.date === props.date)?.slots;
  // Without the free times (not loaded), every time is offered and the server decides.
  const failed = ready && availability.isError;
  const listAll = showAll || failed;

  const withCustomer = (time: string) =>
    zone && props.customerZone && zonesDiffer(zone, props.customerZone)
      ? `${time} (customer ${customerTimeOf(props.date, time, zone, props.customerZone)})`
      : time;
  const item = (time: string, note?: string): Item => ({
    value: time,
    label: note ? `${withCustomer(time)} (${note})` : withCustomer(time),
  });

  let data: (Item | { group: string; items: Item[] })[];
  if (!ready) {
    data = [{ value: "", label: "Choose a consultant and a date first" }];
  } else if (!free && !failed) {
    data = [{ value: "", label: "Loading free times..." }];
  } else {
    const freeTimes = free ?? [];
    const noteOf = (time: string) => (time === props.storedTime ? "current" : "not free");
    const others = (listAll ? daySlots(answer?.slotMinutes ?? DEFAULT_SLOT_MINUTES) : [])
      .concat([props.storedTime ?? "", props.value].filter(Boolean))
      .filter((time, index, all) => !freeTimes.includes(time) && all.indexOf(time) === index)
      .sort();
    const first = {
      value: "",
      label: freeTimes.length || listAll ? "Select a time" : "No free times this day",
    };
    data = listAll
      ? [
          first,
          { group: "Free times", items: freeTimes.map((time) => item(time)) },
          {
            group: "Outside the consultant's hours or taken",
            items: others.map((time) => item(time, noteOf(time))),
          },
        ]
      : [first, ...freeTimes.map((time) => item(time)), ...others.map((time) => item(time, noteOf(time)))];
  }

  // The options arrive after the form's value (a calendar slot's time, an edit's stored time): a native select
  // shows its first option until its value's option exists, so the value is put back once it does.
  const select = useRef<HTMLSelectElement | null>(null);
  const options = JSON.stringify(data);
  useEffect(() => {
    if (options && select.current && props.value && select.current.value !== props.value) {
      select.current.value = props.value;
    }
  }, [options, props.value]);

  const zoneNote = zone
    ? `Times in ${zone}, the consultant's time zone${
        props.customerZone && zonesDiffer(zone, props.customerZone)
          ? `; the customer's time (${props.customerZone}) in brackets`
          : ""
      }`
    : undefined;

  return (
    <Stack gap="xs">
      <NativeSelect
        label="Appointment Time"
        required
        description={zoneNote}
        inputWrapperOrder={["label", "input", "description", "error"]}
        disabled={!ready}
        data={data}
        error={props.error}
        {...props.field}
        ref={(element) => {
          props.field.ref(element);
          select.current = element;
        }}
      />
      {ready && answer?.defaultHours ? <DefaultHoursNotice /> : null}
      {ready && !failed && (
        <Switch
          label={schedulingMessages.showAllTimes}
          checked={showAll}
          onChange={(event) => setShowAll(event.currentTarget.checked)}
        />
      )}
      {ready && listAll ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {failed
            ? "The free times could not be loaded: every time is listed, and the server checks the one you choose."
            : "Times not under Free times are outside the consultant's hours, on their time off or already taken."}
        </Alert>
      ) : null}
    </Stack>
  );
}
