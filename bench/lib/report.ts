import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunOptions } from "../options";
import { say, secondsSinceStart } from "./log";

/** bench/, where results/ and RESULTS.md are kept. */
const benchDir = path.resolve(import.meta.dirname, "..");

export interface Figure {
  figure: string;
  unit: string;
  value: number | undefined;
  baseline?: number | undefined;
  /** value / baseline, compared with the goal when the goal is on the ratio. */
  ratio?: number | undefined;
  goal: string;
  met: boolean | undefined;
  note?: string;
}

/** A goal on the ratio (value / baseline): at most or at least the limit. */
export function ratioFigure(
  figure: string,
  unit: string,
  value: number | undefined,
  baseline: number | undefined,
  goal: { atMost?: number; atLeast?: number },
  note?: string,
): Figure {
  const ratio = value !== undefined && baseline ? value / baseline : undefined;
  const met =
    ratio === undefined || !Number.isFinite(ratio)
      ? undefined
      : goal.atMost !== undefined
        ? ratio <= goal.atMost
        : ratio >= (goal.atLeast ?? 0);
  const text = goal.atMost !== undefined ? `ratio <= ${goal.atMost}` : `ratio >= ${goal.atLeast}`;
  return { figure, unit, value, baseline, ratio, goal: text, met, ...(note ? { note } : {}) };
}

/** A goal on the value itself: at most the limit. */
export function limitFigure(
  figure: string,
  unit: string,
  value: number | undefined,
  atMost: number,
  baseline?: number,
  note?: string,
): Figure {
  return {
    figure,
    unit,
    value,
    baseline,
    ratio: value !== undefined && baseline ? value / baseline : undefined,
    goal: `<= ${atMost} ${unit}`,
    met: value === undefined ? undefined : value <= atMost,
    ...(note ? { note } : {}),
  };
}

/** A goal on the value itself: at least the floor (scores). */
export function floorFigure(
  figure: string,
  unit: string,
  value: number | undefined,
  atLeast: number,
): Figure {
  return {
    figure,
    unit,
    value,
    goal: `>= ${atLeast} ${unit}`,
    met: value === undefined ? undefined : value >= atLeast,
  };
}

const show = (n: number | undefined, digits = 1) =>
  n === undefined || !Number.isFinite(n)
    ? "n/a"
    : n.toLocaleString("en-US", { maximumFractionDigits: digits });

/** The one table: figure, value, baseline, ratio, goal, met. */
export function printTable(figures: Figure[], title: string) {
  const header = ["figure", "value", "baseline", "ratio", "goal", "met?"];
  const rows = figures.map((f) => [
    f.figure,
    `${show(f.value)} ${f.unit}`,
    f.baseline === undefined ? "-" : `${show(f.baseline)} ${f.unit}`,
    f.ratio === undefined ? "-" : show(f.ratio, 2),
    f.goal,
    f.met === undefined ? "n/a" : f.met ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ");
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const row of rows) console.log(line(row));
  for (const f of figures.filter((f) => f.note)) console.log(`  * ${f.figure}: ${f.note}`);
  console.log("");
}

/** JSON under bench/results/ and one dated line in bench/RESULTS.md with the machine's CPU count. */
export function saveResults(
  benchDir: string,
  run: { mode: string; sizes: Record<string, number>; figures: Figure[]; seconds: number; extra: object },
) {
  const at = new Date();
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  const cpus = os.cpus().length;
  const results = path.join(benchDir, "results");
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, `${stamp}-${run.mode}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: at.toISOString(), cpus, node: process.version, ...run }, null, 2)}\n`,
  );

  const summary = run.figures
    .map((f) => {
      const onRatio = f.goal.startsWith("ratio");
      const shown = onRatio ? `${show(f.ratio, 2)}x` : `${show(f.value, 1)} ${f.unit}`.trim();
      return `${f.figure}: ${shown} (${f.met === undefined ? "n/a" : f.met ? "met" : "MISSED"})`;
    })
    .join("; ");
  const markdown = path.join(benchDir, "RESULTS.md");
  if (!fs.existsSync(markdown)) {
    fs.writeFileSync(
      markdown,
      "# Benchmark results\n\nOne line per `npm run bench` run (newest last); the full figures of a run stay in results/ on the machine that ran it.\n\n",
    );
  }
  fs.appendFileSync(
    markdown,
    `- ${at.toISOString().slice(0, 16).replace("T", " ")} UTC, ${run.mode}, ${cpus} CPUs, ${run.seconds.toFixed(0)} s: ${summary}\n`,
  );
  return file;
}

/**
 * Prints a run's figures beside their goals and saves them: a JSON file and one line of bench/RESULTS.md.
 * A smoke run's figures are printed without their goals and not saved.
 */
export function report(
  bench: Pick<RunOptions, "mode" | "smoke">,
  run: { sizes: Record<string, number>; figures: Figure[]; extra: object },
  note?: string,
) {
  const { mode, smoke } = bench;
  const seconds = secondsSinceStart();
  const title = `VisaDesk bench (${mode}, ${os.cpus().length} CPUs, ${seconds.toFixed(0)} s${note ? `; ${note}` : ""})`;
  const figures = smoke ? run.figures.map(withoutGoal) : run.figures;
  printTable(figures, title);
  const unmeasured = figures.filter((figure) => figure.value === undefined);
  const missed = figures.filter((figure) => figure.met === false);
  if (unmeasured.length > 0 || missed.length > 0) {
    // A figure is a check: a missed goal fails the run, so anyone can hold the product to it.
    process.exitCode = 1;
    for (const figure of unmeasured) console.error(`not measured: ${figure.figure}`);
    for (const figure of missed) console.error(`goal missed: ${figure.figure} (${figure.goal})`);
  }
  if (smoke) return;
  const file = saveResults(benchDir, { mode, seconds, ...run });
  say(`figures written to ${path.relative(path.dirname(benchDir), file)} and bench/RESULTS.md`);
}

/** A smoke run's figure, shown for what it measured but judged by nothing. */
function withoutGoal(figure: Figure): Figure {
  return { ...figure, goal: "none (smoke)", met: undefined };
}
