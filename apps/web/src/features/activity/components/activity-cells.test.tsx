import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import type { AuditEntry } from "@visadesk/contract/audit";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { WhoCell } from "./activity-cells";

const row = (actor: AuditEntry["actor"], actorEmail: string | null): AuditEntry => ({
  id: "1",
  at: "2030-01-01T10:00:00.000Z",
  actor,
  action: "create",
  entity: "appointment",
  entityId: "a-guid",
  about: null,
  subject: null,
  account: null,
  recordName: null,
  actorEmail,
  changes: {},
  requestId: null,
  ip: null,
});

const renderWho = (entry: AuditEntry) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <WhoCell entry={entry} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe("the Activity screen's Who", () => {
  it("names an app user as one, their name opening their App User page", () => {
    renderWho(row({ guidId: "customer-guid", name: "Ayesha Khan", kind: "app-user" }, "ayesha@example.com"));
    expect(screen.getByRole("link", { name: "Ayesha Khan" })).toHaveAttribute(
      "href",
      "/edit-app-user/customer-guid",
    );
    expect(screen.getByText("App user")).toBeInTheDocument();
  });

  it("opens an internal account's own page, with no kind said", () => {
    renderWho(row({ guidId: "staff-guid", name: "Sara Staff", kind: "internal" }, "sara@visadesk.test"));
    expect(screen.getByRole("link", { name: "Sara Staff" })).toHaveAttribute(
      "href",
      "/internal-users/staff-guid",
    );
    expect(screen.queryByText("App user")).toBeNull();
  });

  it("names an internal account the reader may not know without a link", () => {
    renderWho(row({ guidId: "admin-guid", name: "Omar Admin", kind: "internal" }, null));
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Omar Admin")).toBeInTheDocument();
  });
});
