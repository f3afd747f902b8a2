import fs from "node:fs";
import type { Browser } from "@playwright/test";
import { availabilityFigure } from "./figures/availability";
import { calendarFigure, calendarFirstPaint } from "./figures/calendar";
import { deliveryFigures } from "./figures/delivery";
import { directoryFigures } from "./figures/directory";
import { navigationFigures, navigations } from "./figures/navigation";
import { listFigures } from "./figures/search";
import { measureThroughput, postgresThroughput, throughputFigure } from "./figures/throughput";
import { launchChromium } from "./lib/browser";
import { onPostgresPair } from "./lib/engines";
import { fmt, k, say } from "./lib/log";
import { type Figure, limitFigure, report } from "./lib/report";
import { type Bench, printLogTails, type Side, shareTerms, startPair, stopSides } from "./lib/side";
import { prefix } from "./lib/sizes";

/**
 * The full run (and `--quick`, `--huge`): the small and large servers side by side on SQLite, every
 * figure, then the list, directory, availability and throughput figures on PostgreSQL with DATABASE_URL
 * set. `--huge` keeps only the list, search and count figures.
 */
export async function fullRun(bench: Bench) {
  const { plan, huge, work } = bench;
  const sides: Side[] = [];
  let browser: Browser | undefined;
  try {
    await startPair(bench, sides);
    const [small, large] = sides as [Side, Side];
    shareTerms(small, large);
    say(`rare search terms "${small.targets.consultantTerm}" and "${small.targets.appUserTerm}"`);

    const lists = await listFigures(bench, sides, "SQLite");
    // What the lists leave the server holding, before the directory's signed-in customers (their sign-ins
    // hash passwords with much memory) and the browser's visits; the throughput run's figure comes after all.
    const rssAfterLists = { small: small.server.rssMb(), large: large.server.rssMb() };
    const figures: Figure[] = [...lists.figures];
    const extra: Record<string, unknown> = { lists: lists.latency };
    if (!huge) {
      const directory = await directoryFigures(bench, sides, "SQLite");
      figures.push(...directory.figures);
      extra.directory = directory.latency;
    }
    if (!huge) {
      const availability = await availabilityFigure(bench, sides, "SQLite");
      figures.push(availability.figure);
      extra.availability = availability.latency;
    }
    if (!huge) {
      say("Chromium: navigation to 12 visible rows");
      browser = await launchChromium();
      const navigation = await navigations(bench, browser, sides);
      say("Chromium: the calendar's week view to its appointments painted");
      const calendar = await calendarFirstPaint(browser, sides);

      say("throughput on the large side: consultant by id against the bare health route");
      const throughput = await measureThroughput(bench, large);
      const rssAfterThroughput = large.server.rssMb();

      const delivery = await deliveryFigures(bench, browser, large);
      figures.unshift(throughputFigure(throughput, "SQLite"));
      figures.push(
        ...delivery.figures,
        ...navigationFigures(bench, navigation),
        calendarFigure(bench, calendar),
        limitFigure(
          `6. server RSS after the lists, ${k(plan.large.consultants)}`,
          "MB",
          rssAfterLists.large,
          250,
          rssAfterLists.small,
        ),
        limitFigure(
          `6. server RSS after the throughput run, ${k(plan.large.consultants)}`,
          "MB",
          rssAfterThroughput,
          250,
          rssAfterLists.small,
        ),
      );
      Object.assign(extra, {
        navigation,
        calendar,
        throughput,
        rssAfterLists,
        rssAfterThroughput,
        ...delivery.extra,
      });
    }
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const postgres = await onPostgresPair(bench, databaseUrl, (pair) => postgresFigures(bench, pair));
      figures.push(...postgres.figures);
      extra.postgresLists = postgres.latency;
      if (postgres.availability) {
        figures.push(postgres.availability.figure);
        extra.postgresAvailability = postgres.availability.latency;
      }
      if (!huge) figures.push(await postgresThroughput(bench, databaseUrl));
    }

    const rate = Math.round(large.loaded.rowsPerSecond);
    report(
      bench,
      {
        sizes: { ...prefix("small", plan.small), ...prefix("large", plan.large) },
        figures,
        extra: { generatorRowsPerSecond: rate, ...extra },
      },
      `generator ${fmt(rate)} rows/s`,
    );
  } catch (error) {
    printLogTails(sides);
    throw error;
  } finally {
    await browser?.close();
    await stopSides(sides);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The list figures on PostgreSQL's two sides, and (but for `--huge`) the directory and availability. */
async function postgresFigures(bench: Bench, sides: Side[]) {
  const lists = await listFigures(bench, sides, "PostgreSQL");
  if (!bench.huge) {
    const directory = await directoryFigures(bench, sides, "PostgreSQL");
    lists.figures.push(...directory.figures);
    Object.assign(lists.latency, directory.latency);
  }
  return {
    ...lists,
    availability: bench.huge ? undefined : await availabilityFigure(bench, sides, "PostgreSQL"),
  };
}
