import { Table, Text } from "@mantine/core";
import type { DashboardWeek } from "@visadesk/contract/dashboard";
import AppointmentsChart from "./appointments-chart";

/**
 * The last 12 weeks' appointments by status: a chart for the eye (hidden from assistive technology) and
 * the same figures in a table, which is open to everyone under the chart.
 */
export function AppointmentsPerWeek({ weeks }: { weeks: DashboardWeek[] }) {
  const total = weeks.reduce((sum, week) => sum + week.Pending + week.Confirmed + week.Cancelled, 0);
  return (
    <figure style={{ margin: 0 }}>
      <AppointmentsChart weeks={weeks} />
      <Text component="figcaption" size="sm" mt="xs">
        {total} appointments in the last 12 weeks, per week by status.
      </Text>
      <details>
        <summary>
          <Text component="span" size="sm">
            Show the figures as a table
          </Text>
        </summary>
        <Table aria-label="Appointments per week" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th>Pending</Table.Th>
              <Table.Th>Confirmed</Table.Th>
              <Table.Th>Cancelled</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((week) => (
              <Table.Tr key={week.weekStart}>
                <Table.Td>{week.weekStart}</Table.Td>
                <Table.Td>{week.Pending}</Table.Td>
                <Table.Td>{week.Confirmed}</Table.Td>
                <Table.Td>{week.Cancelled}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </figure>
  );
}
