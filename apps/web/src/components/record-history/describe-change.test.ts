import { describe, expect, it } from "vitest";
import { changeLines, changeSummary, subjectText, type ValueFormat } from "./describe-change";

const format: ValueFormat = {
  money: (amount) => `PKR ${amount}`,
  instant: (iso) => `at ${iso.slice(0, 10)}`,
};

describe("changeLines", () => {
  it("names fields as the forms do, with fees in their currency, Yes/No and secrets only as changed", () => {
    expect(
      changeLines(
        {
          entity: "consultant",
          changes: {
            fee: { from: 100, to: 150 },
            isApproved: { from: false, to: true },
            website: { from: null, to: "https://example.com" },
            logoURL: "changed",
          },
        },
        format,
      ),
    ).toEqual([
      { label: "Visa Fee", text: "PKR 100 → PKR 150" },
      { label: "Approval", text: "No → Yes" },
      { label: "Website", text: "https://example.com" },
      { label: "Logo", text: "changed" },
    ]);
  });

  it("reads instants in the business zone and an emptied value as none", () => {
    expect(
      changeLines(
        {
          entity: "user",
          changes: { deletedAt: { from: "2030-03-10T06:00:00.000Z", to: null }, password: "changed" },
        },
        format,
      ),
    ).toEqual([
      { label: "Deleted", text: "at 2030-03-10 → none" },
      { label: "Password", text: "changed" },
    ]);
  });

  it("reads a task's row by the task's own field names, only what changed, naming the task apart", () => {
    const entry = {
      action: "task-update",
      entity: "task",
      subject: "Call embassy",
      changes: { dueDate: { from: "2031-01-10", to: "2031-01-12" } },
    } as const;
    expect(subjectText(entry)).toBe("Task 'Call embassy'");
    expect(changeSummary(entry, format)).toBe("Task 'Call embassy': Due 2031-01-10 → 2031-01-12");
    expect(changeSummary({ ...entry, action: "task-complete", changes: {} }, format)).toBe(
      "Task 'Call embassy'",
    );
    expect(changeLines(entry, format)).toEqual([{ label: "Due", text: "2031-01-10 → 2031-01-12" }]);
    expect(
      changeLines(
        { action: "task-update", entity: "task", changes: { title: { from: "Call", to: "Call embassy" } } },
        format,
      ),
    ).toEqual([{ label: "Title", text: "Call → Call embassy" }]);
    expect(subjectText({ entity: "consultant", subject: null })).toBeNull();
  });
});
