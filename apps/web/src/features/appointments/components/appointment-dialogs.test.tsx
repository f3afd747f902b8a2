import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Appointment } from "@visadesk/contract/appointments";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { beforeEach, describe, expect, it } from "vitest";
import { AuthProvider } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { type ApiAnswer, serveApi } from "../../../../test/api-stub";
import { AppointmentDetailsDialog } from "./appointment-details-dialog";
import { AppointmentFormDialog } from "./appointment-form-dialog";

// jsdom has no document.fonts; Mantine's autosizing textarea listens on it.
if (!("fonts" in document)) Object.defineProperty(document, "fonts", { value: new EventTarget() });

/**
 * A real local server standing in for the API: lists answer empty, a consultant's availability answers
 * three free times, the PUT answers what a test sets.
 */
let putAnswer: ApiAnswer = { status: 200, body: {} };
const FREE = ["09:00", "09:30", "18:30"];
let puts: unknown[] = [];
/** The appointment as stored now, answered by GET .../userAppointment/{guidId} when set. */
let stored: Appointment | null = null;
/** What POST .../attendance answers. */
let attendanceAnswer: ApiAnswer = { status: 200, body: {} };
serveApi((call) => {
  if (call.method === "POST" && call.url.endsWith("/attendance")) return attendanceAnswer;
  if (call.method === "PUT") {
    puts.push(call.body);
    return putAnswer;
  }
  const url = new URL(call.url, "http://localhost");
  if (stored && url.pathname.endsWith(`/userAppointment/${stored.guidId}`))
    return { status: 200, body: stored };
  if (url.pathname.endsWith("/availability")) {
    const date = url.searchParams.get("from");
    return {
      status: 200,
      body: { timeZone: "Asia/Karachi", slotMinutes: 30, days: [{ date, slots: FREE }] },
    };
  }
  return { status: 200, body: { data: [], total: 0 } };
});
beforeEach(() => {
  puts = [];
  putAnswer = { status: 200, body: {} };
  stored = null;
});

const APPOINTMENT: Appointment = {
  id: 7,
  guidId: "a-7",
  userid: "u-1",
  userId: "u-1",
  userEmail: "customer@example.com",
  customerName: "Sara Ahmed",
  consultantId: "c-1",
  consultantName: "Amina Advisory",
  consultantEmail: "amina@example.com",
  appointmentDate: "2099-03-10",
  appointmentTime: "10:30:00",
  description: "",
  supportContact: null,
  isConfirmed: false,
  isCancelled: true,
  isPaid: false,
  status: "Cancelled",
  confirmedAt: null,
  confirmedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  cancellationReason: null,
  consultantDeleted: false,
  customerDeleted: false,
  reminderSentAt: null,
  startsAt: "2099-03-10T05:30:00.000Z",
  endsAt: "2099-03-10T06:00:00.000Z",
  timeZone: "Asia/Karachi",
  userTimeZone: null,
  attendance: null,
  reminders: [],
  isOutsideHours: false,
  outsideHoursBy: null,
  isBookedByCustomer: false,
  createdAt: "2099-01-01T00:00:00.000Z",
  updatedAt: "2099-01-01T00:00:00.000Z",
  version: 1,
};

/** The same appointment once it has started (attendance can be recorded). */
const STARTED = { startsAt: "2020-03-10T05:30:00.000Z", endsAt: "2020-03-10T06:00:00.000Z" };

const signIn = () => {
  localStorage.setItem(STORAGE_KEYS.accessToken, "token");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ guidId: "u-1", userName: "sara" }));
};

const renderWith = (children: ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          {children}
          <ToastContainer />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );

const noop = () => {};

describe("Appointment Details: automatic reminders and attendance", () => {
  it("shows each reminder's state: scheduled, sent, or failed with its reason", async () => {
    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{
          ...APPOINTMENT,
          isCancelled: false,
          isConfirmed: true,
          status: "Confirmed",
          reminders: [
            {
              hoursBefore: 48,
              dueAt: "2099-03-08T05:30:00.000Z",
              state: "failed",
              sentAt: null,
              failureReason: "550 Mailbox unavailable",
            },
            {
              hoursBefore: 24,
              dueAt: "2099-03-09T05:30:00.000Z",
              state: "sent",
              sentAt: "2099-03-09T05:31:00.000Z",
              failureReason: null,
            },
            {
              hoursBefore: 2,
              dueAt: "2099-03-10T03:30:00.000Z",
              state: "scheduled",
              sentAt: null,
              failureReason: null,
            },
          ],
        }}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    const list = await screen.findByRole("list", { name: "Automatic reminders" });
    const items = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items[0]).toBe("48 hours before: failed: 550 Mailbox unavailable");
    // In the appointment's zone, named.
    expect(items[1]).toMatch(/^24 hours before: sent 9 Mar 2099, \d\d:\d\d \(Asia\/Karachi\)$/);
    expect(items[2]).toBe("2 hours before: scheduled for 10 Mar 2099, 08:30 (Asia/Karachi)");
  });

  it("offers no attendance before the start, and no no-show once cancelled", async () => {
    const { unmount } = renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{ ...APPOINTMENT, isCancelled: false, status: "Pending" }}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    const attendance = await screen.findByRole("group", { name: "Attendance" });
    expect(within(attendance).queryAllByRole("button")).toEqual([]);
    expect(
      screen.getByText("Attendance can only be recorded once the appointment has started"),
    ).toBeInTheDocument();
    unmount();

    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{ ...APPOINTMENT, ...STARTED }}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    const started = await screen.findByRole("group", { name: "Attendance" });
    expect(
      within(started)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark Attended", "Mark Late cancellation"]);
  });

  it("marks attendance, and shows the server's reason when it refuses", async () => {
    signIn();
    const message = "This record was changed by someone else since you opened it";
    attendanceAnswer = { status: 409, body: { message } };
    const changed: Appointment[] = [];
    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{ ...APPOINTMENT, ...STARTED, isCancelled: false, status: "Pending" }}
        onClose={noop}
        onReschedule={noop}
        onChanged={(appointment) => changed.push(appointment)}
      />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Mark No-show" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(changed).toEqual([]);

    attendanceAnswer = { status: 200, body: { ...APPOINTMENT, isCancelled: false, attendance: "NoShow" } };
    fireEvent.click(screen.getByRole("button", { name: "Mark No-show" }));
    await waitFor(() => expect(changed.map((appointment) => appointment.attendance)).toEqual(["NoShow"]));
  });
});

describe("Appointment Details", () => {
  it("shows the consultant's and the customer's local times, and who booked it outside hours", async () => {
    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{
          ...APPOINTMENT,
          userTimeZone: "Europe/London",
          isOutsideHours: true,
          outsideHoursBy: "sara",
        }}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Appointment Details" });
    expect(within(dialog).getByText("10:30 (Asia/Karachi, the consultant's time)")).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Tue, Mar 10, 2099, 05:30 \(Europe\/London, the customer's time\)/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Booked outside the consultant's hours by sara")).toBeInTheDocument();
    expect(within(dialog).getByText("Outside hours")).toBeInTheDocument();
  });

  it("reads No appointment data available without an appointment", async () => {
    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={null}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    expect(await screen.findByText("No appointment data available")).toBeInTheDocument();
  });

  it("lists Confirmed and Cancelled as Yes/No, No description, and a failed quick action's exact toast", async () => {
    signIn();
    putAnswer = { status: 500, body: { message: "Internal Server Error" } };
    renderWith(
      <AppointmentDetailsDialog
        opened
        appointment={{ ...APPOINTMENT, isCancelled: false, status: "Pending" }}
        onClose={noop}
        onReschedule={noop}
        onChanged={noop}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Appointment Details" });
    expect(within(dialog).getByText("Confirmed: No")).toBeInTheDocument();
    expect(within(dialog).getByText("Cancelled: No")).toBeInTheDocument();
    expect(within(dialog).getByText("No description")).toBeInTheDocument();
    expect(within(dialog).getByText("Tuesday, March 10, 2099")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Mark Confirmed" }));
    expect(await screen.findByText("Failed to update appointment")).toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });
});

describe("Edit Appointment form", () => {
  const renderEdit = () =>
    renderWith(<AppointmentFormDialog opened onClose={noop} appointment={APPOINTMENT} />);

  it("keeps submit disabled until something changes, then sends the time with seconds appended", async () => {
    signIn();
    putAnswer = { status: 200, body: APPOINTMENT };
    renderEdit();
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    const submit = within(dialog).getByRole("button", { name: "Update Appointment" });
    expect(submit).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Work visa" } });
    expect(await within(dialog).findByText("9/500")).toBeInTheDocument();
    // The times come from the consultant's free times of that day.
    await within(dialog).findByRole("option", { name: "18:30" });
    fireEvent.change(within(dialog).getByLabelText(/Appointment Time/), { target: { value: "18:30" } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText("Appointment updated successfully")).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      id: 7,
      appointmentTime: "18:30:00",
      appointmentDate: "2099-03-10",
      description: "Work visa",
      isCancelled: true,
    });
  });

  it("offers the day's free times, the stored one, and the customer's time when their zone differs", async () => {
    signIn();
    renderWith(
      <AppointmentFormDialog
        opened
        onClose={noop}
        appointment={{ ...APPOINTMENT, userTimeZone: "Europe/London" }}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    const times = within(dialog).getByLabelText(/Appointment Time/);
    // Karachi is UTC+5 and London on GMT in early March: 09:00 there is 04:00 here.
    await waitFor(() =>
      expect(
        within(times)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual([
        "Select a time",
        "09:00 (customer 04:00)",
        "09:30 (customer 04:30)",
        "18:30 (customer 13:30)",
        "10:30 (customer 05:30) (current)",
      ]),
    );
    expect(
      within(dialog).getByText(/Times in Asia\/Karachi, the consultant's time zone/),
    ).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("switch", { name: "Show all times" }));
    expect(
      await within(dialog).findByText(/outside the consultant's hours, on their time off or already taken/),
    ).toBeInTheDocument();
    expect(
      within(times).getByRole("option", { name: "20:00 (customer 15:00) (not free)" }),
    ).toBeInTheDocument();
  });

  it("a time outside the hours (422) offers Book anyway, which resends with allowOutsideHours", async () => {
    signIn();
    putAnswer = {
      status: 422,
      body: {
        message: "The consultant is not available at this time",
        fieldErrors: { appointmentTime: "The consultant is not available at this time" },
      },
    };
    renderEdit();
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Evening call" } });
    const submit = within(dialog).getByRole("button", { name: "Update Appointment" });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    const bookAnyway = await within(dialog).findByRole("button", { name: "Book anyway" });
    expect(within(dialog).getAllByText("The consultant is not available at this time")).toHaveLength(1);
    expect(screen.queryByText("Failed to update appointment")).not.toBeInTheDocument();
    expect(puts[0]).not.toHaveProperty("allowOutsideHours");

    putAnswer = { status: 200, body: { ...APPOINTMENT, isOutsideHours: true, outsideHoursBy: "sara" } };
    fireEvent.click(bookAnyway);
    expect(await screen.findByText("Appointment updated successfully")).toBeInTheDocument();
    expect(puts[1]).toMatchObject({ description: "Evening call", allowOutsideHours: true });
  });

  it("a taken slot (409) is said once, in the dialog: no toast and no second copy at the field", async () => {
    signIn();
    putAnswer = {
      status: 409,
      body: {
        message: "This time slot is already booked for this consultant",
        fieldErrors: { appointmentTime: "This time slot is already booked for this consultant" },
      },
    };
    renderEdit();
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Moved" } });
    const submit = within(dialog).getByRole("button", { name: "Update Appointment" });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText("Failed to update appointment. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getAllByText("This time slot is already booked for this consultant")).toHaveLength(1);
    expect(screen.queryByText("Failed to update appointment")).not.toBeInTheDocument();
  });

  it("a save refused as stale names what changed; Reload takes the stored appointment in, and saves its version", async () => {
    signIn();
    putAnswer = { status: 409, body: { message: serverMessages.staleVersion } };
    stored = { ...APPOINTMENT, description: "Changed by someone else", version: 2 };
    renderEdit();
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Mine" } });
    const submit = within(dialog).getByRole("button", { name: "Update Appointment" });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    // The save, its refusal and the stored appointment read again: slow in jsdom.
    const alert = await within(dialog).findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(serverMessages.staleVersion);
    expect(alert).toHaveTextContent("Changed since you opened it: Description.");
    // The person's edit stays until they press Reload.
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue("Mine");
    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(
      () => expect(within(dialog).getByLabelText(/Description/)).toHaveValue("Changed by someone else"),
      { timeout: 5000 },
    );
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    putAnswer = { status: 200, body: stored };
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Mine again" } });
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Update Appointment" })).toBeEnabled(),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Update Appointment" }));
    expect(
      await screen.findByText("Appointment updated successfully", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(puts[1]).toMatchObject({ description: "Mine again", version: 2 });
  }, 30_000);

  it("without a signed-in user: User not found. Please log in again., and nothing is sent", async () => {
    renderEdit();
    const dialog = await screen.findByRole("dialog", { name: "Edit Appointment" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Work visa" } });
    const submit = within(dialog).getByRole("button", { name: "Update Appointment" });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText("User not found. Please log in again.")).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });
});
