import { describe, expect, it } from "vitest";
import { appointmentMessages } from "./appointments-constants";
import { signInLockedMessage } from "./auth-constants";
import { serverMessages } from "./common-constants";
import { customerBookingMessages } from "./customer-bookings";
import {
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  errorCodeKeys,
  errorCodeOf,
  generalErrorCodes,
  snakeCaseOf,
} from "./error-codes";
import { schedulingMessages } from "./scheduling-constants";

describe("the error codes' catalogue", () => {
  it("derives each code from its message's key, as snake_case", () => {
    expect(snakeCaseOf("tooManyUpcoming")).toBe("too_many_upcoming");
    expect(snakeCaseOf("signInLockedOneMinute")).toBe("sign_in_locked_one_minute");
    expect(snakeCaseOf("fileTypePngJpeg")).toBe("file_type_png_jpeg");
    expect(errorCodeOf(appointmentMessages.slotTaken, 409)).toBe("slot_taken");
    expect(errorCodeOf(customerBookingMessages.tooManyUpcoming(3), 409)).toBe("too_many_upcoming");
    expect(errorCodeOf(schedulingMessages.unavailable, 422)).toBe("unavailable");
    expect(errorCodeOf(customerBookingMessages.idempotencyKeyReused, 422)).toBe("idempotency_key_reused");
    expect(errorCodeOf(signInLockedMessage(15), 429)).toBe("sign_in_locked");
    expect(errorCodeOf(serverMessages.databaseUnavailable, 503)).toBe("database_unavailable");
  });

  it("gives a text no catalogue holds its status's code", () => {
    expect(errorCodeOf("Something nobody wrote", 409)).toBe("conflict");
    expect(errorCodeOf(undefined, 413)).toBe("payload_too_large");
    expect(errorCodeOf("x", 599)).toBe("internal");
  });

  it("has one code per message key, each snake_case, and one code per text", () => {
    for (const { key, code } of errorCodeKeys) {
      expect(code, key).toBe(snakeCaseOf(key));
      expect(code, key).toMatch(ERROR_CODE_PATTERN);
    }
    for (const code of ERROR_CODES) expect(code).toMatch(ERROR_CODE_PATTERN);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain(generalErrorCodes.validation);
    // Two refusals of one status are told apart.
    expect(errorCodeOf(appointmentMessages.slotTaken, 409)).not.toBe(
      errorCodeOf(customerBookingMessages.tooManyUpcoming(3), 409),
    );
  });

  it("keeps every code stable: renaming a message's key fails here", () => {
    expect(ERROR_CODES).toMatchSnapshot();
  });
});
