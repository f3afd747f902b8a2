import "./mode-choice.css";
import { ActionIcon, Button, Group, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useId } from "react";
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
      <ModeChoice mode={mode} onChange={(next) => onChange({ mode: next })} />
    </Group>
  );
}

/**
 * Day | Week | Month as a segmented control: native radios (one tab stop, arrow keys between them) drawn
 * as segments (mode-choice.css). Mantine's SegmentedControl measured its segments as it mounted, which
 * made the browser lay the whole screen out in the middle of the calendar's first render.
 */
function ModeChoice({ mode, onChange }: { mode: CalendarMode; onChange: (mode: CalendarMode) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Calendar view" className="mode-choice">
      {CALENDAR_MODES.map((value) => (
        <label key={value} className="mode-choice-segment">
          <input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          <span>{MODE_LABELS[value]}</span>
        </label>
      ))}
    </div>
  );
}
