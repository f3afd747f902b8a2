import { Box, Group, Text } from "@mantine/core";
import { APPOINTMENT_STATUSES } from "@visadesk/contract/appointments-constants";
import type { ConsultantOption } from "../api/get-consultant-options";

/**
 * What the colours and shading mean: each consultant's colour beside their name, and how a status is drawn
 * (every event also says its status and consultant in words).
 */
export function CalendarLegend({
  consultants,
}: {
  consultants: Array<ConsultantOption & { color: string }>;
}) {
  return (
    <Group gap="md" aria-label="Legend" role="group">
      {consultants.map((consultant) => (
        <Group gap={6} key={consultant.guidId}>
          <Box w={14} h={14} style={{ borderRadius: 3, background: consultant.color }} aria-hidden />
          <Text size="sm">{consultant.name}</Text>
        </Group>
      ))}
      {APPOINTMENT_STATUSES.map((status) => (
        <Group gap={6} key={status}>
          <Box w={14} h={14} className={`legend-status legend-status-${status.toLowerCase()}`} aria-hidden />
          <Text size="sm" td={status === "Cancelled" ? "line-through" : undefined}>
            {status}
          </Text>
        </Group>
      ))}
      <Group gap={6}>
        <Box w={14} h={14} className="legend-outside-hours" aria-hidden />
        <Text size="sm">Outside working hours</Text>
      </Group>
      <Group gap={6}>
        <Box w={14} h={14} className="legend-time-off" aria-hidden />
        <Text size="sm">Time off</Text>
      </Group>
    </Group>
  );
}
