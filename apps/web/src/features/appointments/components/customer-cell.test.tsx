import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import type { Appointment } from "@visadesk/contract/appointments";
import { describe, expect, it } from "vitest";
import { CustomerCell, customerNameLabel } from "./customer-cell";

const appointment = (fields: Partial<Appointment>) =>
  ({
    userEmail: "sara@example.com",
    customerName: "Sara Ahmed",
    customerDeleted: false,
    ...fields,
  }) as Appointment;

describe("the appointments list's User column", () => {
  it("shows the customer's name above the email the spec shows", () => {
    render(
      <MantineProvider>
        <CustomerCell appointment={appointment({})} />
      </MantineProvider>,
    );
    const name = screen.getByText("Sara Ahmed");
    const email = screen.getByText("sara@example.com");
    expect(name.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the email alone for a customer without a name, and marks a deleted customer", () => {
    render(
      <MantineProvider>
        <CustomerCell appointment={appointment({ customerName: null })} />
      </MantineProvider>,
    );
    expect(screen.getByText("sara@example.com")).toBeInTheDocument();
    expect(screen.queryByText("N/A")).toBeNull();
    expect(customerNameLabel(appointment({ customerDeleted: true }))).toBe("Sara Ahmed (deleted)");
    expect(customerNameLabel(appointment({ customerName: null }))).toBe("N/A");
  });
});
