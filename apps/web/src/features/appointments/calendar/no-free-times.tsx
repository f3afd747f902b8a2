import { Box, Text } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import type { Calendar } from "@visadesk/contract/calendar";
import { useId } from "react";
import { getAvailability } from "../api/get-availability";
import { shortDate } from "../format";
import { daysWithoutFreeTimes } from "./free-times";

const weekday = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * Beside the calendar: the days shown (from today on) on which a chosen consultant has no free time, and
 * why: closed, time off or fully booked, so nobody hunts a grid for a slot that is not there.
 */
export function NoFreeTimes({ calendar, today }: { calendar: Calendar | undefined; today: string }) {
  const headingId = useId();
  const from = calendar && calendar.from > today ? calendar.from : today;
  const to = calendar?.to ?? "";
  const consultants = calendar && from <= to ? calendar.consultants : [];
  const answers = useQueries({
    queries: consultants.map((consultant) => ({
      // Under "availability": every booking change makes them stale.
      queryKey: ["availability", consultant.consultantId, from, to],
      queryFn: () => getAvailability(consultant.consultantId, from, to),
      staleTime: 0,
      retry: false,
    })),
  });
  const lines = consultants.flatMap((consultant, index) => {
    const answer = answers[index]?.data;
    if (!answer) return [];
    return daysWithoutFreeTimes(consultant, answer, today).map(
      (day) =>
        `${consultant.name ?? consultant.consultantId}: ${weekday(day.date)} ${shortDate(day.date)}, ${day.reason}`,
    );
  });
  if (lines.length === 0) return null;
  return (
    <Box>
      <Text size="sm" fw={500} id={headingId}>
        No free times
      </Text>
      <Box component="ul" m={0} pl="lg" aria-labelledby={headingId}>
        {lines.map((line) => (
          <Text component="li" size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
