import { ActionIcon, Button, Group, SegmentedControl, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { TooltipOnDemand } from "@/components/tooltip-on-demand";
import { todayLocal } from "../format";
import { CALENDAR_MODES, type CalendarMode } from "./calendar-params";
import { rangeTitle, stepDate } from "./calendar-range";

const MODE_LABELS: Record<CalendarMode, string> = { day: "Day", week: "Week", month: "Month" };

/** Previous, Today and Next, the range shown, and Day | Week | Month. */
export function CalendarToolbar({
  mode,
  date,
  onChange,
}: {
  mode: CalendarMode;
  date: string;
  onChange: (change: { date?: string; mode?: CalendarMode }) => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="xs">
        <TooltipOnDemand label="Previous">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${mode}`}
            onClick={() => onChange({ date: stepDate(mode, date, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </TooltipOnDemand>
        <Button variant="default" onClick={() => onChange({ date: todayLocal() })}>
          Today
        </Button>
        <TooltipOnDemand label="Next">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${mode}`}
            onClick={() => onChange({ date: stepDate(mode, date, 1) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </TooltipOnDemand>
      </Group>
      <Title order={2} size="h4" aria-live="polite">
        {rangeTitle(mode, date)}
      </Title>
      <SegmentedControl
        aria-label="Calendar view"
        value={mode}
        onChange={(next) => onChange({ mode: next as CalendarMode })}
        data={CALENDAR_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
      />
    </Group>
  );
}
