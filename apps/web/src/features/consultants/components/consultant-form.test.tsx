import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsultantFields } from "@visadesk/contract/consultants";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../../lib/toast";
import { ConsultantForm } from "./consultant-form";

vi.mock("../../../lib/toast", () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

// The About field's autosize listens to document.fonts, which jsdom lacks.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const renderForm = () => {
  const onSubmit = vi.fn(async (_fields: ConsultantFields, _images: unknown) => {});
  render(
    <MantineProvider>
      <MemoryRouter>
        <ConsultantForm isSaving={false} onSubmit={onSubmit} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onSubmit;
};
const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });

beforeEach(() => vi.mocked(notify.error).mockClear());

describe("Add Consultant form", () => {
  it("toasts 'Please fill in all required fields' when a required field is missing", async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith("Please fill in all required fields");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("does not claim a field is missing when all four are filled but the email is malformed", async () => {
    const onSubmit = renderForm();
    await userEvent.type(field("Name"), "Amina Khan");
    await userEvent.type(field("Business Name"), "Khan Visa Advisers");
    await userEvent.type(field("Contact Email"), "not-an-email");
    await userEvent.type(field("Phone Number"), "+92 300 1234567");
    await userEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("joins business hours only when both times are set", async () => {
    const onSubmit = renderForm();
    await userEvent.type(field("Name"), "Amina Khan");
    await userEvent.type(field("Business Name"), "Khan Visa Advisers");
    await userEvent.type(field("Contact Email"), "amina@example.com");
    await userEvent.type(field("Phone Number"), "+92 300 1234567");
    await userEvent.type(screen.getByLabelText(/^Opens at/), "09:00");
    await userEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ timing: null, isApproved: false, isPremium: false });
    await userEvent.type(screen.getByLabelText(/^Closes at/), "17:30");
    await userEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ timing: "09:00 - 17:30" });
  });
});
