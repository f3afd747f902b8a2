import type { AuditEntry } from "@visadesk/contract/audit";
import { describe, expect, it } from "vitest";
import { recordLink } from "./record-link";

const row = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  at: "2030-01-01T10:00:00.000Z",
  actor: { guidId: "admin-guid", name: "Ayesha Admin", kind: "internal" },
  action: "update",
  entity: "user",
  entityId: "someone",
  about: null,
  subject: null,
  account: null,
  recordName: null,
  actorEmail: null,
  changes: {},
  requestId: null,
  ip: null,
  ...overrides,
});

const internal = { kind: "internal", email: "sara@visadesk.test" } as const;
const appUser = { kind: "app-user", email: "customer@example.com" } as const;

describe("recordLink", () => {
  it("opens an account the server calls internal on its own page", () => {
    expect(recordLink(row({ action: "approve", entityId: "staff-guid", account: internal }))).toBe(
      "/internal-users/staff-guid",
    );
    // Whoever acted: an Admin's change to a Staff account is still the Staff account's.
    expect(
      recordLink(
        row({
          entityId: "staff-guid",
          actor: { guidId: "x", name: "Omar", kind: "internal" },
          account: internal,
        }),
      ),
    ).toBe("/internal-users/staff-guid");
  });

  it("opens an app user's edit page when the server says app user, even for its own sign-in", () => {
    expect(recordLink(row({ entityId: "customer-guid", account: appUser }))).toBe(
      "/edit-app-user/customer-guid",
    );
    expect(
      recordLink(
        row({
          action: "sign-in",
          entityId: "customer-guid",
          actor: { guidId: "customer-guid", name: "Customer", kind: "app-user" },
          account: appUser,
        }),
      ),
    ).toBe("/edit-app-user/customer-guid");
    // An account the server no longer knows links nowhere rather than guessing.
    expect(recordLink(row({ entityId: "gone-guid", account: null }))).toBeNull();
  });

  it("opens a consultant's edit page and the appointments list", () => {
    expect(recordLink(row({ entity: "consultant", entityId: "c-guid" }))).toBe("/edit-user/c-guid");
    expect(recordLink(row({ entity: "appointment", entityId: "a-guid" }))).toBe("/user-appointments");
  });

  it("opens the record a task was about, or the record a note is on; rows about no record link nowhere", () => {
    const task = {
      action: "task-update",
      entity: "task",
      entityId: "t-guid",
      subject: "Call embassy",
    } as const;
    expect(recordLink(row({ ...task, about: { entity: "consultant", entityId: "c-guid" } }))).toBe(
      "/edit-user/c-guid",
    );
    expect(
      recordLink(row({ ...task, about: { entity: "user", entityId: "customer-guid" }, account: appUser })),
    ).toBe("/edit-app-user/customer-guid");
    expect(recordLink(row({ ...task, about: null }))).toBeNull();
    const note = row({
      entity: "note",
      entityId: "note-guid",
      changes: { record: { from: null, to: { entity: "consultant", entityId: "c-guid" } } },
    });
    expect(recordLink(note)).toBe("/edit-user/c-guid");
    expect(recordLink(row({ entity: "session", entityId: null }))).toBeNull();
    expect(recordLink(row({ entity: "user", entityId: null, action: "sign-in-failed" }))).toBeNull();
  });
});
