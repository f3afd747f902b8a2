import { describe, expect, it } from "vitest";
import { beginWrite, Ledger, type StoredRow } from "./ledger";

const row = (label: string, present = true): StoredRow => ({ guidId: "g", id: 1, label, present });
const rowsOf = (entries: Record<string, StoredRow>) => new Map(Object.entries(entries));

describe("Ledger: the check of acknowledged writes against the database", () => {
  it("finds an acknowledged create missing, and an acknowledged edit or delete not applied", () => {
    const ledger = new Ledger();
    beginWrite(ledger.creating("consultant", "a", 0), { present: true, label: "Ali" }).answered("done");
    const edited = ledger.creating("consultant", "b", 0);
    beginWrite(edited, { present: true, label: "Bilal" }).answered("done");
    beginWrite(edited, { present: true, label: "Bilal 2" }).answered("done");
    const deleted = ledger.creating("appointment", "c", 0);
    beginWrite(deleted, { present: true, label: "Visit" }).answered("done");
    beginWrite(deleted, { present: false, label: "" }).answered("done");

    expect(ledger.acknowledgedPresent()).toBe(2);
    expect(ledger.acknowledgedFound(rowsOf({ "consultant:b": row("Bilal 2") }))).toBe(1);
    expect(ledger.mismatches(rowsOf({ "consultant:b": row("Bilal 2") }))).toEqual([
      'consultant:a: expected present "Ali", found absent',
    ]);
    expect(
      ledger.mismatches(
        rowsOf({ "consultant:a": row("Ali"), "consultant:b": row("Bilal"), "appointment:c": row("Visit") }),
      ),
    ).toEqual([
      'consultant:b: expected present "Bilal 2", found present "Bilal"',
      'appointment:c: expected absent, found present "Visit"',
    ]);
  });

  it("a refused write must have changed nothing; an unanswered one may have happened or not", () => {
    const ledger = new Ledger();
    beginWrite(ledger.creating("appointment", "refused", 0), { present: true, label: "Clash" }).answered(
      "refused",
    );
    const cut = ledger.creating("appUser", "cut@example.com", 0);
    beginWrite(cut, { present: true, label: "Ayesha" }).answered("unknown");

    expect(ledger.mismatches(rowsOf({ "appointment:refused": row("Clash") }))).toHaveLength(1);
    expect(ledger.mismatches(rowsOf({}))).toEqual([]);
    const stored = rowsOf({ "appUser:cut@example.com": row("Ayesha") });
    expect(ledger.mismatches(stored)).toEqual([]);

    // Once read back, the database's answer is the state later writes start from.
    ledger.settle(stored);
    expect(ledger.settled("appUser").map((record) => record.key)).toEqual(["cut@example.com"]);
    expect(ledger.mismatches(rowsOf({}))).toEqual([
      'appUser:cut@example.com: expected present "Ayesha", found absent',
    ]);
  });
});
