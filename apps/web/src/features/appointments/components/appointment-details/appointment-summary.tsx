import { Box, Group, List, Text, Title } from "@mantine/core";
import type { Appointment, AppointmentReminder } from "@visadesk/contract/appointments";
import { appointmentMessages as messages } from "@visadesk/contract/appointments-constants";
import { Detail, DetailGrid } from "@/components/details-list";
import { consultantLabel, customerLabel, longDate, reminderLead, shortTime, stampTime } from "../../format";
import { timeInZone, zonesDiffer } from "../../time-zones";
import { CustomerBookingBadge } from "../customer-booking-badge";
import { customerNameLabel } from "../customer-cell";
import { OutsideHoursBadge } from "../outside-hours-badge";
import { StatusBadge } from "../status-badge";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** One automatic reminder's state as staff read it. */
function reminderState(reminder: AppointmentReminder, zone: string) {
  if (reminder.state === "sent" && reminder.sentAt) return `sent ${stampTime(reminder.sentAt, zone)}`;
  if (reminder.state === "failed") return `failed: ${reminder.failureReason ?? "unknown reason"}`;
  return `scheduled for ${stampTime(reminder.dueAt, zone)}`;
}

/** When it is (in the consultant's zone, and the customer's when theirs differs) and its badges. */
export function AppointmentWhen({ appointment }: { appointment: Appointment }) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} size="h4">
            {longDate(appointment.appointmentDate)}
          </Title>
          <Text c="dimmed">
            {shortTime(appointment.appointmentTime)} ({appointment.timeZone}, the consultant's time)
          </Text>
          {zonesDiffer(appointment.timeZone, appointment.userTimeZone) && appointment.userTimeZone && (
            <Text c="dimmed" size="sm">
              {timeInZone(appointment.startsAt, appointment.userTimeZone)} ({appointment.userTimeZone}, the
              customer's time)
            </Text>
          )}
        </div>
        <Group gap="xs">
          {appointment.isOutsideHours ? <OutsideHoursBadge appointment={appointment} /> : null}
          <CustomerBookingBadge appointment={appointment} />
          <StatusBadge status={appointment.status} />
        </Group>
      </Group>
      {appointment.isOutsideHours ? (
        <Text size="sm">Booked outside the consultant's hours by {appointment.outsideHoursBy ?? "N/A"}</Text>
      ) : null}
    </>
  );
}

/** Who it is for and with, and what it is about. */
export function AppointmentParties({ appointment }: { appointment: Appointment }) {
  return (
    <>
      <DetailGrid>
        {/* Each id beside the name it stands for: the customer, then the consultant. */}
        <Detail term="User ID">{appointment.userid}</Detail>
        <Detail term="Customer">{customerNameLabel(appointment)}</Detail>
        <Detail term="Consultant ID">{appointment.consultantId}</Detail>
        <Detail term="Consultant">{appointment.consultantName ? consultantLabel(appointment) : "N/A"}</Detail>
        <Detail term="User Email">{customerLabel(appointment)}</Detail>
        <Detail term="Support Contact">{appointment.supportContact || "N/A"}</Detail>
        <Detail term="Appointment ID">{appointment.id}</Detail>
      </DetailGrid>
      <Box component="dl" m={0}>
        <Detail term="Description">{appointment.description || messages.noDescription}</Detail>
        {appointment.cancellationReason ? (
          <Detail term="Cancellation reason">{appointment.cancellationReason}</Detail>
        ) : null}
      </Box>
    </>
  );
}

/** Confirmed, cancelled, paid and reminded, with when and by whom; then the automatic reminders. */
export function AppointmentProgress({
  appointment,
  idPrefix,
}: {
  appointment: Appointment;
  idPrefix: string;
}) {
  return (
    <>
      <Box>
        <Text size="sm" c="dimmed" id={`${idPrefix}-appointment-status-heading`}>
          Status
        </Text>
        <List aria-labelledby={`${idPrefix}-appointment-status-heading`} listStyleType="none" spacing={2}>
          <List.Item>
            Confirmed: {yesNo(appointment.isConfirmed)}
            {appointment.confirmedAt
              ? ` (${stampTime(appointment.confirmedAt, appointment.timeZone)} by ${appointment.confirmedBy ?? "N/A"})`
              : null}
          </List.Item>
          <List.Item>
            Cancelled: {yesNo(appointment.isCancelled)}
            {appointment.cancelledAt
              ? ` (${stampTime(appointment.cancelledAt, appointment.timeZone)} by ${appointment.cancelledBy ?? "N/A"})`
              : null}
          </List.Item>
          <List.Item>Payment Received: {yesNo(appointment.isPaid)}</List.Item>
          {appointment.reminderSentAt ? (
            <List.Item>
              Reminder sent: {stampTime(appointment.reminderSentAt, appointment.timeZone)}
            </List.Item>
          ) : null}
        </List>
      </Box>
      <Box>
        <Text size="sm" c="dimmed" id={`${idPrefix}-appointment-reminders-heading`}>
          Automatic reminders
        </Text>
        {appointment.reminders.length > 0 ? (
          <List
            aria-labelledby={`${idPrefix}-appointment-reminders-heading`}
            listStyleType="none"
            spacing={2}
          >
            {appointment.reminders.map((item) => (
              <List.Item key={item.hoursBefore}>
                {reminderLead(item.hoursBefore)}: {reminderState(item, appointment.timeZone)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>None</Text>
        )}
      </Box>
    </>
  );
}
