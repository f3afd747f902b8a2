import fs from "node:fs";
import type { Browser } from "@playwright/test";
import { calendarTab, launchChromium, timeToCalendar } from "../lib/browser";
import { say } from "../lib/log";
import { type Figure, ratioFigure, report } from "../lib/report";
import { type Bench, printLogTails, type Side, startPair, stopSides } from "../lib/side";
import { prefix, vs } from "../lib/sizes";
import { type CalendarWeek, chooseCalendarWeek } from "../lib/targets";

/**
 * The calendar's week view first paint on both sides, the two taking turns (median of 5): one consultant's
 * week holding as many appointments on the large side as the small side's busiest week, so both paint the
 * same; only the table beneath differs.
 */
export async function calendarFirstPaint(browser: Browser, sides: Side[]) {
  const [small, large] = sides as [Side, Side];
  const smallWeek = await chooseCalendarWeek(small.db);
  const weeks: Record<Side["name"], CalendarWeek> = {
    small: smallWeek,
    large: await chooseCalendarWeek(large.db, smallWeek.appointments),
  };
  const route = (week: CalendarWeek) =>
    `/user-appointments?view=calendar&mode=week&date=${week.weekStart}&consultants=${week.consultantGuid}`;
  const tabs = {
    small: await calendarTab(browser, small.server.url, small.session, route(weeks.small)),
    large: await calendarTab(browser, large.server.url, large.session, route(weeks.large)),
  };
  const times: Record<Side["name"], number[]> = { small: [], large: [] };
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
  try {
    for (let round = 0; round < 5; round += 1) {
      for (const side of sides) {
        const week = weeks[side.name];
        times[side.name].push(await timeToCalendar(tabs[side.name], route(week), week.appointments));
      }
    }
    const result = { small: median(times.small), large: median(times.large), weeks, times };
    say(`  ${result.small.toFixed(0)} ms (small) vs ${result.large.toFixed(0)} ms (large)`);
    return result;
  } catch (error) {
    return { weeks, times, note: `the week never painted: ${(error as Error).message.split("\n")[0]}` };
  } finally {
    await tabs.small.context().close();
    await tabs.large.context().close();
  }
}

/** Figure 10: the large side's first paint at most 1.5 times the small side's. */
export function calendarFigure(
  bench: Bench,
  calendar: Awaited<ReturnType<typeof calendarFirstPaint>>,
): Figure {
  const { weeks } = calendar;
  const note =
    "note" in calendar
      ? calendar.note
      : `a week of ${weeks.small.appointments} then ${weeks.large.appointments} appointments; rounds ${calendar.times.small
          .map((ms) => ms.toFixed(0))
          .join("/")} then ${calendar.times.large.map((ms) => ms.toFixed(0)).join("/")} ms`;
  return ratioFigure(
    `10. Chromium calendar week to its appointments, ${vs(bench.plan, "appointments")}`,
    "ms",
    "large" in calendar ? calendar.large : undefined,
    "small" in calendar ? calendar.small : undefined,
    { atMost: 1.5 },
    note,
  );
}

/** `--only calendar`: the small and large servers, and the calendar figure only. */
export async function calendarRun(bench: Bench) {
  const { plan } = bench;
  const sides: Side[] = [];
  let browser: Browser | undefined;
  try {
    await startPair(bench, sides);
    browser = await launchChromium();
    say("Chromium: the calendar's week view to its appointments painted");
    const calendar = await calendarFirstPaint(browser, sides);
    const figures = [calendarFigure(bench, calendar)];
    report(bench, {
      sizes: { ...prefix("small", plan.small), ...prefix("large", plan.large) },
      figures,
      extra: { calendar },
    });
  } catch (error) {
    printLogTails(sides);
    throw error;
  } finally {
    await browser?.close();
    await stopSides(sides);
    fs.rmSync(bench.work, { recursive: true, force: true });
  }
}
