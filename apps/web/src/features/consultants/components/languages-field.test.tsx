import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Consultant, ConsultantFields } from "@visadesk/contract/consultants";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { serveApi } from "../../../../test/api-stub";
import { consultantForm } from "../api/consultant-form-data";
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

const renderForm = (consultant?: Consultant) => {
  const onSubmit = vi.fn(async (_fields: ConsultantFields, _images: unknown) => {});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter>
          <ConsultantForm isSaving={false} onSubmit={onSubmit} consultant={consultant} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSubmit;
};
const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });
const pills = () => [...document.querySelectorAll(".mantine-Pill-label")].map((pill) => pill.textContent);

describe("the consultant form's Languages spoken", () => {
  it("chooses languages from the list and sends them comma-joined under languagesSpoken", async () => {
    const onSubmit = renderForm();
    fireEvent.change(field("Name"), { target: { value: "Amina Khan" } });
    fireEvent.change(field("Business Name"), { target: { value: "Khan Visa Advisers" } });
    fireEvent.change(field("Contact Email"), { target: { value: "amina@example.com" } });
    fireEvent.change(field("Phone Number"), { target: { value: "+92 300 1234567" } });
    // Opened with a click: the stand-in loads the select's code and gives way to it open, or, when another test
    // file of this worker loaded it already, the select itself opens.
    await userEvent.click(screen.getByRole("combobox", { name: "Languages spoken" }));
    await userEvent.click(await screen.findByRole("option", { name: "Urdu" }, { timeout: 10_000 }));
    await userEvent.keyboard("Pun");
    await userEvent.click(await screen.findByRole("option", { name: "Punjabi" }));
    expect(pills()).toEqual(["Urdu", "Punjabi"]);

    fireEvent.click(screen.getByRole("button", { name: "Add Consultant" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const fields = onSubmit.mock.calls[0]?.[0] as ConsultantFields;
    expect(fields.languagesSpoken).toBe("urdu,punjabi");
    expect(consultantForm(fields, { logoURL: null, profilePic: null }, "")).toMatchObject({
      languagesSpoken: "urdu,punjabi",
    });
  });

  it("shows a stored consultant's languages by name", () => {
    renderForm({ languagesSpoken: "english,sindhi", country: "uk" } as unknown as Consultant);
    expect(pills()).toEqual(["UK", "English", "Sindhi"]);
  });
});
