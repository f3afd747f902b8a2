import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { LoginResponse } from "@visadesk/contract/auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiAnswer, serveApi } from "../../../../test/api-stub";
import { SecondFactorForm } from "./second-factor-form";

/** The API answers each call in turn and keeps what it was sent. */
let answers: ApiAnswer[] = [];
let received: { call: string; body: unknown }[] = [];
serveApi(({ method, url, body }) => {
  received.push({ call: `${method} ${url}`, body });
  return answers.shift() ?? { status: 500, body: { message: "No answer set" } };
});
beforeEach(() => {
  received = [];
  answers = [];
});

const step = {
  mfaRequired: true as const,
  mfaToken: "step-token",
  methods: ["totp" as const, "recovery" as const],
};

describe("the second step of sign-in", () => {
  it("sends the code with the step's token; a wrong one says why and the field empties for another try", async () => {
    const user = userEvent.setup();
    const signedIn = vi.fn<(answer: LoginResponse) => void>();
    const token = { token: "bearer", expiresAt: "2030-01-01T00:00:00Z" };
    answers = [
      { status: 401, body: { message: mfaMessages.codeWrong } },
      { status: 200, body: token },
    ];
    render(
      <MantineProvider>
        <SecondFactorForm step={step} onSignedIn={signedIn} onBack={() => {}} />
      </MantineProvider>,
    );

    const field = screen.getByLabelText(/6-digit code/);
    await user.type(field, "111111");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(mfaMessages.codeWrong);
    expect(field).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    await user.type(screen.getByLabelText(/Recovery code/), "abcd-efgh");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(signedIn).toHaveBeenCalledWith(token));

    expect(received).toEqual([
      { call: "POST /api/v2/connect/verify-mfa", body: { mfaToken: "step-token", code: "111111" } },
      { call: "POST /api/v2/connect/verify-mfa", body: { mfaToken: "step-token", code: "abcd-efgh" } },
    ]);
  });
});
