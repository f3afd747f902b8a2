import { describe, expect, it } from "vitest";
import { changeLines, type ValueFormat } from "./describe-change";

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

  it("reads a task's row in its record's history by the task's own field names, naming the task", () => {
    expect(
      changeLines(
        {
          action: "task-update",
          entity: "consultant",
          changes: {
            task: { from: "Check the fee", to: "Check the fee" },
            dueDate: { from: "2030-06-01", to: "2030-06-03" },
            assignee: { from: "Sara Khan", to: "Ali Raza" },
          },
        },
        format,
      ),
    ).toEqual([
      { label: "Task", text: "Check the fee" },
      { label: "Due", text: "2030-06-01 → 2030-06-03" },
      { label: "Assigned to", text: "Sara Khan → Ali Raza" },
    ]);
  });
});
