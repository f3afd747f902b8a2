import { describe, expect, it } from "vitest";
import { ONLY, parseOptions } from "./options";

describe("bench options", () => {
  it("names each run as its results file and RESULTS.md line do", () => {
    expect(parseOptions([]).mode).toBe("full");
    expect(parseOptions(["--quick"]).mode).toBe("quick");
    expect(parseOptions(["--huge"]).mode).toBe("huge");
    expect(parseOptions(["--huge", "--quick"]).mode).toBe("huge-quick");
    expect(parseOptions(["--smoke"]).mode).toBe("smoke");
    expect(parseOptions(["--only", "lists", "--quick"]).mode).toBe("lists-quick");
    // The calendar run has no quick form.
    expect(parseOptions(["--only", "calendar", "--quick"]).mode).toBe("calendar");
  });

  it("takes each --only name, and refuses any other", () => {
    for (const name of ONLY) expect(parseOptions(["--only", name]).only).toBe(name);
    expect(() => parseOptions(["--only", "everything"])).toThrow(
      '--only takes "delivery", "availability", "calendar", "export", "lists", "audit", "throughput", "directory", not "everything"',
    );
    expect(() => parseOptions(["--fast"])).toThrow();
  });

  it("measures only the screens asked for, in a delivery run only", () => {
    expect(parseOptions(["--only", "delivery", "--screen", "/users", "--screen", "/book/"]).screens).toEqual([
      "/users",
      "/book/",
    ]);
    expect(parseOptions(["--only", "delivery"]).screens).toEqual([]);
    expect(() => parseOptions(["--screen", "/users"])).toThrow("--screen goes with --only delivery");
  });

  it("runs a smoke run as a lists run at toy sizes", () => {
    const smoke = parseOptions(["--smoke"]);
    expect(smoke).toMatchObject({
      only: "lists",
      smoke: true,
      plan: { seconds: 1, requests: 20, rounds: 1 },
    });
    expect(smoke.plan.small).toEqual({ consultants: 200, appUsers: 200, appointments: 200 });
    expect(smoke.plan.large).toEqual({ consultants: 1_000, appUsers: 1_000, appointments: 1_000 });
    expect(parseOptions(["--smoke", "--only", "lists"]).mode).toBe("smoke");
    expect(() => parseOptions(["--smoke", "--only", "audit"])).toThrow("--smoke is a lists run");
  });

  it("sizes the large side by the run", () => {
    const large = (...args: string[]) => parseOptions(args).plan.large;
    expect(large()).toEqual({ consultants: 100_000, appUsers: 100_000, appointments: 200_000 });
    expect(large("--quick")).toEqual({ consultants: 20_000, appUsers: 20_000, appointments: 40_000 });
    expect(large("--huge")).toEqual({ consultants: 1_000_000, appUsers: 100_000, appointments: 200_000 });
    expect(large("--huge", "--quick")).toEqual({
      consultants: 250_000,
      appUsers: 20_000,
      appointments: 40_000,
    });
    expect(large("--only", "lists")).toEqual({
      consultants: 100_000,
      appUsers: 100_000,
      appointments: 100_000,
    });
    expect(large("--only", "directory", "--quick")).toEqual({
      consultants: 20_000,
      appUsers: 1_000,
      appointments: 1_000,
    });
    expect(large("--only", "calendar")).toEqual({
      consultants: 1_000,
      appUsers: 1_000,
      appointments: 200_000,
    });
    // Availability alone: only the appointments grow, so one consultant's bookings grow the most.
    expect(large("--only", "availability", "--quick")).toEqual({
      consultants: 1_000,
      appUsers: 1_000,
      appointments: 40_000,
    });
    expect(parseOptions([]).plan).toMatchObject({ seconds: 5, requests: 150, rounds: 3 });
    expect(parseOptions(["--only", "throughput", "--quick"]).plan).toMatchObject({
      large: { consultants: 20_000 },
      seconds: 3,
      requests: 60,
    });
  });
});
