import { MantineProvider } from "@mantine/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AppUserForm as AppUserFormValues, User } from "@visadesk/contract/users";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppUserForm } from "./app-user-form";

const renderForm = (props: Partial<Omit<Parameters<typeof AppUserForm>[0], "onSubmit">> = {}) => {
  const onSubmit = vi.fn(async (_form: AppUserFormValues, _images: unknown) => {});
  render(
    // env="test": no transitions, so the time-zone list's options are there at once.
    <MantineProvider env="test">
      <MemoryRouter>
        <AppUserForm isSaving={false} onSubmit={onSubmit} {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onSubmit;
};
const textbox = (name: string) => screen.getByRole("textbox", { name });
const password = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe("Add App User form", () => {
  it("shows every required message and does not submit", async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Add App User" }));
    for (const message of [
      "Username is required",
      "Email is required",
      "First name is required",
      "Last name is required",
      "Phone number is required",
      "Date of birth is required",
      "CNIC Number is required",
      "Address is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText("Password is required")).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("checks the passwords live and the CNIC format", async () => {
    renderForm();
    await userEvent.type(password("Password"), "secret-pass");
    await userEvent.type(password("Confirm Password"), "secret-pa");
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    await userEvent.type(password("Confirm Password"), "ss");
    await waitFor(() => expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument());

    await userEvent.type(textbox("CNIC Number"), "1234512345671");
    await userEvent.tab();
    expect(await screen.findByText("CNIC must be in format: 12345-1234567-1")).toBeInTheDocument();
  });
});

describe("Edit App User form", () => {
  const user: User = {
    id: 7,
    guidId: "2f1c3c1e-8a51-4b4e-9a55-0c2f7f0d1a11",
    userName: "sara",
    email: "sara@example.com",
    firstName: "Sara",
    lastName: "Malik",
    phoneNumber: "+92 300 1111111",
    dateOfBirth: "1990-01-02",
    cnic: "35202-1234567-1",
    address: "5 Canal View",
    profilePic: null,
    cnicFront: null,
    cnicBack: null,
    timeZone: null,
    cnicVerification: null,
    userRoles: { roles: ["AppUser"] },
    status: "active",
    createdAt: "2025-01-01T00:00:00.000Z",
    version: 1,
  };

  it("fills the fields, disables the passwords, has no profile-picture field, and submits", async () => {
    const onSubmit = renderForm({ user });
    expect(textbox("Username")).toHaveValue("sara");
    expect(textbox("CNIC Number")).toHaveValue("35202-1234567-1");
    expect(password("Password")).toBeDisabled();
    expect(password("Confirm Password")).toBeDisabled();
    expect(screen.queryByLabelText("Profile Picture")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change profile picture" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Update App User" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ userName: "sara", password: "" });
  });

  it("keeps the app user's own time zone, and sends the one chosen instead", async () => {
    const onSubmit = renderForm({ user: { ...user, timeZone: "Asia/Karachi" } });
    const zone = screen.getByRole("combobox", { name: /^Time zone \(optional\)/ });
    expect(zone).toHaveValue("Asia/Karachi");
    // Reached and opened from the keyboard (the select takes its stand-in's place once loaded).
    await act(async () => zone.focus());
    await userEvent.keyboard("{ArrowDown}");
    await screen.findByRole("listbox");
    const select = screen.getByRole("combobox", { name: /^Time zone \(optional\)/ });
    await userEvent.clear(select);
    await userEvent.type(select, "London");
    await userEvent.click(await screen.findByRole("option", { name: "Europe/London" }));
    expect(select).toHaveValue("Europe/London");
    await userEvent.click(screen.getByRole("button", { name: "Update App User" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ timeZone: "Europe/London" });
  });

  it("shows the busy label while saving", () => {
    renderForm({ user, isSaving: true });
    expect(screen.getByRole("button", { name: "Updating App User..." })).toBeDisabled();
  });
});
