import type { AuditEntry } from "@visadesk/contract/audit";
import { describe, expect, it } from "vitest";
import { recordLink } from "./record-link";

const row = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  at: "2030-01-01T10:00:00.000Z",
  actor: { guidId: "admin-guid", name: "Ayesha Admin" },
  action: "update",
  entity: "user",
  entityId: "someone",
  changes: {},
  requestId: null,
  ip: null,
  ...overrides,
});

describe("recordLink", () => {
  const internal = new Map([["staff-guid", "sara@visadesk.test"]]);

  it("opens an internal account on the Internal Users list, not the app-user edit page", () => {
    expect(recordLink(row({ action: "approve", entityId: "staff-guid" }), internal)).toBe(
      "/internal-users?search=sara%40visadesk.test",
    );
    // A sign-in is its actor's own: internal even when the account is not among those known.
    expect(
      recordLink(
        row({ action: "sign-in", entityId: "other-guid", actor: { guidId: "other-guid", name: "Omar" } }),
        internal,
      ),
    ).toBe("/internal-users?search=Omar");
  });

  it("opens an app user's edit page, a consultant's edit page, and the appointments list", () => {
    expect(recordLink(row({ entityId: "customer-guid" }), internal)).toBe("/edit-app-user/customer-guid");
    expect(recordLink(row({ entity: "consultant", entityId: "c-guid" }), internal)).toBe("/edit-user/c-guid");
    expect(recordLink(row({ entity: "appointment", entityId: "a-guid" }), internal)).toBe(
      "/user-appointments",
    );
  });

  it("opens the record a note is on; rows about no record link nowhere", () => {
    const note = row({
      entity: "note",
      entityId: "note-guid",
      changes: { record: { from: null, to: { entity: "consultant", entityId: "c-guid" } } },
    });
    expect(recordLink(note, internal)).toBe("/edit-user/c-guid");
    expect(recordLink(row({ entity: "session", entityId: null }), internal)).toBeNull();
    expect(
      recordLink(row({ entity: "user", entityId: null, action: "sign-in-failed" }), internal),
    ).toBeNull();
  });
});
