import { describe, expect, it } from "vitest";
import { HttpError, type SentConfig } from "./http";
import { failureReason } from "./toast";

const config: SentConfig = { method: "PUT", url: "Consultants/update", headers: {} };
const answered = (status: number, data: unknown) =>
  new HttpError(`Request failed with status code ${status}`, "ERR_BAD_RESPONSE", config, {
    status,
    data,
    headers: new Headers(),
  });

describe("the reason of a failed action", () => {
  it("is the server's message, or its error field", () => {
    expect(failureReason(answered(415, { message: "The file is not a PNG, JPG or JPEG image" }))).toBe(
      "The file is not a PNG, JPG or JPEG image",
    );
    expect(failureReason(answered(409, { error: "Conflict" }))).toBe("Conflict");
  });

  it("is the transport's own text when no answer came", () => {
    expect(failureReason(new HttpError("Network Error", "ERR_NETWORK", config))).toBe("Network Error");
    expect(failureReason(new HttpError("timeout exceeded", "ECONNABORTED", config))).toBe("timeout exceeded");
  });

  it("is nothing when only a bare status is known, or the error is not a request's", () => {
    expect(failureReason(answered(502, ""))).toBeUndefined();
    expect(failureReason(new Error("boom"))).toBeUndefined();
  });
});
