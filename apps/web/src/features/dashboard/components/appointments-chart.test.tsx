import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import AppointmentsChart, { gridStep } from "./appointments-chart";

describe("appointments chart", () => {
  it("splits the tallest week into at most four steps of 1, 2 or 5 times a power of ten", () => {
    expect(gridStep(0)).toBe(1);
    expect(gridStep(4)).toBe(1);
    expect(gridStep(7)).toBe(2);
    expect(gridStep(19)).toBe(5);
    expect(gridStep(40)).toBe(10);
    expect(gridStep(41)).toBe(20);
    expect(gridStep(13_970)).toBe(5_000);
  });

  it("stacks each week's statuses in proportion, the tallest week reaching the top line", () => {
    const { container } = render(
      <AppointmentsChart
        weeks={[
          { weekStart: "2030-06-03", Pending: 2, Confirmed: 6, Cancelled: 0 },
          { weekStart: "2030-06-10", Pending: 1, Confirmed: 2, Cancelled: 1 },
        ]}
      />,
    );
    const bars = [...container.querySelectorAll("rect")].map((rect) => ({
      series: rect.dataset.series,
      height: Number(rect.getAttribute("height")),
    }));
    // Nothing drawn for an empty status; heights in the ratio of the counts.
    expect(bars.map((bar) => bar.series)).toEqual([
      "Pending",
      "Confirmed",
      "Pending",
      "Confirmed",
      "Cancelled",
    ]);
    const unit = (bars[0]?.height ?? 0) / 2;
    expect(unit).toBeGreaterThan(0);
    expect(bars.map((bar) => bar.height / unit)).toEqual([2, 6, 1, 2, 1].map((n) => expect.closeTo(n, 6)));
    // Gridlines 0, 2, 4, 6, 8 labelled; the weeks named as dates.
    expect([...container.querySelectorAll("text")].map((text) => text.textContent)).toEqual([
      "0",
      "2",
      "4",
      "6",
      "8",
      "Jun 3",
      "Jun 10",
    ]);
    expect(container.querySelector("[inert]")).not.toBeNull();
  });

  it("names every other week, ending on the latest, when twelve would crowd", () => {
    const weeks = Array.from({ length: 12 }, (_, index) => ({
      weekStart: `2030-0${1 + Math.floor(index / 4)}-${String(1 + (index % 4) * 7).padStart(2, "0")}`,
      Pending: 1,
      Confirmed: 0,
      Cancelled: 0,
    }));
    const { container } = render(<AppointmentsChart weeks={weeks} />);
    const names = [...container.querySelectorAll("text")]
      .map((text) => text.textContent)
      .filter((text) => /[A-Z]/.test(text ?? ""));
    expect(names).toEqual(["Jan 8", "Jan 22", "Feb 8", "Feb 22", "Mar 8", "Mar 22"]);
  });
});
