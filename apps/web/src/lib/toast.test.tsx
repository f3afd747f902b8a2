import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { failureReason } from "./toast";

const answered = (status: number, data: unknown) =>
  new AxiosError(`Request failed with status code ${status}`, "ERR_BAD_RESPONSE", undefined, undefined, {
    status,
    statusText: "",
    data,
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

describe("the reason of a failed action", () => {
  it("is the server's message, or its error field", () => {
    expect(failureReason(answered(415, { message: "The file is not a PNG, JPG or JPEG image" }))).toBe(
      "The file is not a PNG, JPG or JPEG image",
    );
    expect(failureReason(answered(409, { error: "Conflict" }))).toBe("Conflict");
  });

  it("is the transport's own text when no answer came", () => {
    expect(failureReason(new AxiosError("Network Error", "ERR_NETWORK"))).toBe("Network Error");
    expect(failureReason(new AxiosError("timeout exceeded", "ECONNABORTED"))).toBe("timeout exceeded");
  });

  it("is nothing when only a bare status is known, or the error is not a request's", () => {
    expect(failureReason(answered(502, ""))).toBeUndefined();
    expect(failureReason(new Error("boom"))).toBeUndefined();
  });
});
