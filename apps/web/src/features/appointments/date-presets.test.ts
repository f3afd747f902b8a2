import { describe, expect, it } from "vitest";
import { datePresets, presetActive } from "./date-presets";

const byLabel = (now: Date) =>
  Object.fromEntries(datePresets(now).map((preset) => [preset.label, preset.filters]));

describe("the appointments list's date presets", () => {
  it("ranges over today, its Monday-to-Sunday week, the next 7 days and the pending ones before today", () => {
    // Wednesday 12 March 2031, local time.
    const presets = byLabel(new Date(2031, 2, 12, 15, 30));
    expect(presets.Today).toEqual({ from: "2031-03-12", to: "2031-03-12" });
    expect(presets["This week"]).toEqual({ from: "2031-03-10", to: "2031-03-16" });
    expect(presets["Next 7 days"]).toEqual({ from: "2031-03-12", to: "2031-03-18" });
    expect(presets["Past unconfirmed"]).toEqual({ from: "", to: "2031-03-11", status: "Pending" });
  });

  it("starts a Sunday's week on the Monday before it, and crosses month ends", () => {
    const presets = byLabel(new Date(2031, 2, 2, 9));
    expect(presets["This week"]).toEqual({ from: "2031-02-24", to: "2031-03-02" });
    expect(presets["Past unconfirmed"]?.to).toBe("2031-03-01");
  });

  it("shows a preset as chosen only when the filters are exactly its range", () => {
    const [today, , , pastUnconfirmed] = datePresets(new Date(2031, 2, 12));
    expect(presetActive(today!, { from: "2031-03-12", to: "2031-03-12", status: "" })).toBe(true);
    expect(presetActive(today!, { from: "2031-03-12", to: "2031-03-13", status: "" })).toBe(false);
    expect(presetActive(pastUnconfirmed!, { from: "", to: "2031-03-11", status: "Confirmed" })).toBe(false);
  });
});
