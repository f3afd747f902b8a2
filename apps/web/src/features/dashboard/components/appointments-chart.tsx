import type { DashboardWeek } from "@visadesk/contract/dashboard";
import { formatCount } from "@/lib/format-number";

/**
 * Drawn as plain SVG rather than with a chart library: twelve stacked bars are a few rectangles, and the
 * library (with its charting engine) was 119 KB compressed that the dashboard parsed and ran on every visit,
 * the largest share of its main-thread time on a phone.
 */
const SERIES = [
  { name: "Pending", color: "var(--mantine-color-yellow-6)" },
  { name: "Confirmed", color: "var(--mantine-color-green-7)" },
  { name: "Cancelled", color: "var(--mantine-color-gray-6)" },
] as const;

// Drawn at about the card's usual width, so its 11-unit text reads at about 11 px.
const WIDTH = 400;
const HEIGHT = 200;
const PLOT = { left: 36, right: 4, top: 8, bottom: 22 };
const FONT_SIZE = 11;
const GRID_LINES = 4;

/** The smallest step of 1, 2 or 5 times a power of ten that splits `max` into at most GRID_LINES parts. */
export function gridStep(max: number): number {
  if (max <= GRID_LINES) return 1;
  const rough = max / GRID_LINES;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/** "Jun 10": a week's Monday, read as the calendar date it is (no zone shifts it). */
const weekLabel = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Appointments per week, stacked by status. A picture only: assistive technology and the keyboard skip it
 * (inert), and read the same figures in the table beside it.
 */
export default function AppointmentsChart({ weeks }: { weeks: DashboardWeek[] }) {
  const totals = weeks.map((week) => week.Pending + week.Confirmed + week.Cancelled);
  const step = gridStep(Math.max(0, ...totals));
  const top = step * Math.max(1, Math.ceil(Math.max(0, ...totals) / step));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(1, weeks.length);
  const barWidth = Math.min(40, slot * 0.6);
  // Every other week is named when twelve names would run into each other.
  const labelEvery = weeks.length > 6 ? 2 : 1;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  return (
    <div inert data-testid="appointments-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" style={{ display: "block" }}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : "4 4"}
            />
            <text
              x={PLOT.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={FONT_SIZE}
              fill="var(--mantine-color-dimmed)"
            >
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = PLOT.left + slot * index + (slot - barWidth) / 2;
          let below = 0;
          return (
            <g key={week.weekStart}>
              {SERIES.map((series) => {
                const value = week[series.name];
                const from = below;
                below += value;
                return value > 0 ? (
                  <rect
                    key={series.name}
                    data-series={series.name}
                    x={x}
                    width={barWidth}
                    y={y(from + value)}
                    height={y(from) - y(from + value)}
                    fill={series.color}
                  />
                ) : null;
              })}
              {(weeks.length - 1 - index) % labelEvery === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - PLOT.bottom + 16}
                  textAnchor="middle"
                  fontSize={FONT_SIZE}
                  fill="var(--mantine-color-dimmed)"
                >
                  {weekLabel.format(new Date(`${week.weekStart}T00:00:00Z`))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul
        style={{
          display: "flex",
          justifyContent: "center",
          gap: "var(--mantine-spacing-md)",
          listStyle: "none",
          margin: "var(--mantine-spacing-xs) 0 0",
          padding: 0,
          fontSize: "var(--mantine-font-size-sm)",
        }}
      >
        {SERIES.map((series) => (
          <li key={series.name} style={{ display: "flex", alignItems: "center", gap: 6 }}>
            <span
              style={{ inlineSize: 12, blockSize: 12, borderRadius: 2, background: series.color }}
              aria-hidden
            />
            {series.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
