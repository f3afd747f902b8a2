import { describe, expect, it } from "vitest";
import { appointmentFormSchema } from "./appointments";
import {
  APPOINTMENT_TIME_SLOTS,
  appointmentStatus,
  appointmentMessages as messages,
  withSeconds,
} from "./appointments-constants";

describe("appointment constants and rules", () => {
  it("offers slots every 30 minutes from 09:00 to 18:30", () => {
    expect(APPOINTMENT_TIME_SLOTS).toHaveLength(20);
    expect(APPOINTMENT_TIME_SLOTS.slice(0, 3)).toEqual(["09:00", "09:30", "10:00"]);
    expect(APPOINTMENT_TIME_SLOTS.at(-1)).toBe("18:30");
  });

  it("derives the status: cancelled wins, then confirmed, else pending", () => {
    expect(appointmentStatus({ isConfirmed: true, isCancelled: true })).toBe("Cancelled");
    expect(appointmentStatus({ isConfirmed: true, isCancelled: false })).toBe("Confirmed");
    expect(appointmentStatus({ isConfirmed: false, isCancelled: false })).toBe("Pending");
  });

  it("appends seconds to a time without them", () => {
    expect(withSeconds("09:30")).toBe("09:30:00");
    expect(withSeconds("09:30:15")).toBe("09:30:15");
  });

  it("refuses a past date in the form, except the stored date of an edited appointment", () => {
    const values = {
      userid: "",
      consultantId: "c",
      appointmentTime: "10:00",
      description: "Visa",
      supportContact: "",
      isConfirmed: false,
      isCancelled: false,
      isPaid: false,
      cancellationReason: "",
    };
    const create = appointmentFormSchema("2030-03-10").safeParse({
      ...values,
      appointmentDate: "2030-03-09",
    });
    expect(create.error?.issues[0]?.message).toBe(messages.datePast);
    const edit = appointmentFormSchema("2030-03-10", "2030-03-09").safeParse({
      ...values,
      appointmentDate: "2030-03-09",
    });
    expect(edit.success).toBe(true);
  });

  it("asks the reason of a cancel made in the form, not of one already stored", () => {
    const values = {
      userid: "",
      consultantId: "c",
      appointmentDate: "2030-03-12",
      appointmentTime: "10:00",
      description: "Visa",
      supportContact: "",
      isConfirmed: true,
      isCancelled: true,
      isPaid: false,
      cancellationReason: "  ",
    };
    const cancelling = appointmentFormSchema("2030-03-10", "2030-03-12").safeParse(values);
    expect(cancelling.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["cancellationReason", messages.cancelReasonRequired],
    ]);
    expect(appointmentFormSchema("2030-03-10", "2030-03-12", true).safeParse(values).success).toBe(true);
    const tooLong = appointmentFormSchema("2030-03-10", "2030-03-12").safeParse({
      ...values,
      cancellationReason: "x".repeat(501),
    });
    expect(tooLong.error?.issues[0]?.message).toBe(messages.cancelReasonTooLong);
  });
});
