// Loaded on its own (React.lazy): the chart library never delays the dashboard's first paint.
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import type { DashboardWeek } from "@visadesk/contract/dashboard";

const SERIES = [
  { name: "Pending", color: "yellow.6" },
  { name: "Confirmed", color: "green.7" },
  { name: "Cancelled", color: "gray.6" },
];

/**
 * Appointments per week, stacked by status. A picture only: assistive technology and the keyboard skip it
 * (inert), and read the same figures in the table beside it.
 */
export default function AppointmentsChart({ weeks }: { weeks: DashboardWeek[] }) {
  return (
    <div inert>
      <BarChart
        h={260}
        data={weeks}
        dataKey="weekStart"
        type="stacked"
        series={SERIES}
        withLegend
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
