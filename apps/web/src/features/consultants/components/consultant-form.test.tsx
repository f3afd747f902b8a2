import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsultantFields } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { phoneNumberMessages } from "@visadesk/contract/phone-number";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { notify } from "@/lib/toast";
import { serveApi } from "../../../../test/api-stub";
import { ConsultantForm } from "./consultant-form";

vi.mock("@/lib/toast", () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

// The About field's autosize listens to document.fonts, which jsdom lacks.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// The server's settings: its business time zone is where a new consultant's zone starts.
serveApi((call) =>
  call.url === "/api/v2/settings/public"
    ? {
        status: 200,
        body: {
          companyName: "VisaDesk",
          companyUrl: "https://example.com",
          currency: "PKR",
          businessTimeZone: "Asia/Karachi",
        },
      }
    : { status: 404, body: {} },
);

const renderForm = () => {
  const onSubmit = vi.fn(async (_fields: ConsultantFields, _images: unknown) => {});
  render(
    // env="test": no transitions, so the time-zone list's options are there at once.
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter>
          <ConsultantForm isSaving={false} onSubmit={onSubmit} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
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

  it("keeps an out-of-range number or a non-phone as typed and refuses it beside its field", async () => {
    const onSubmit = renderForm();
    const enter = (name: string, value: string) => {
      fireEvent.change(field(name), { target: { value } });
      fireEvent.blur(field(name));
    };
    enter("Name", "Amina Khan");
    enter("Business Name", "Khan Visa Advisers");
    enter("Contact Email", "amina@example.com");
    enter("Phone Number", "xyz");
    enter("Visa Fee", "-5");
    enter("Experience", "-3");
    enter("Rating", "9");
    const says = (name: string, message: string) =>
      expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => says("Rating", consultantMessages.ratingRange));
    says("Visa Fee", consultantMessages.feeInvalid);
    says("Experience", consultantMessages.experienceInvalid);
    says("Phone Number", phoneNumberMessages.phoneNumberInvalid);
    // Left as typed, not changed on blur to 0, 0 and 5.
    expect(field("Visa Fee")).toHaveValue("-5");
    expect(field("Experience")).toHaveValue("-3");
    expect(field("Rating")).toHaveValue("9");
    fireEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(field("Rating")).toHaveAttribute("aria-invalid", "true"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("starts in the business time zone (sent blank) and sends a zone chosen from the searchable list", async () => {
    const onSubmit = renderForm();
    fireEvent.change(field("Name"), { target: { value: "Amina Khan" } });
    fireEvent.change(field("Business Name"), { target: { value: "Khan Visa Advisers" } });
    fireEvent.change(field("Contact Email"), { target: { value: "amina@example.com" } });
    fireEvent.change(field("Phone Number"), { target: { value: "+92 300 1234567" } });
    const zone = screen.getByRole("combobox", { name: /^Time zone/ });
    await waitFor(() => expect(zone).toHaveValue("Asia/Karachi"));
    fireEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Blank: the server applies its BUSINESS_TIMEZONE.
    expect(onSubmit.mock.calls[0]?.[0].timeZone).toBeUndefined();

    // Reached and opened from the keyboard (the select takes its stand-in's place once loaded).
    await act(async () => zone.focus());
    await userEvent.keyboard("{ArrowDown}");
    await screen.findByRole("listbox");
    const select = screen.getByRole("combobox", { name: /^Time zone/ });
    await userEvent.clear(select);
    await userEvent.type(select, "Dubai");
    await userEvent.click(await screen.findByRole("option", { name: "Asia/Dubai" }));
    expect(select).toHaveValue("Asia/Dubai");
    fireEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ timeZone: "Asia/Dubai" });
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
