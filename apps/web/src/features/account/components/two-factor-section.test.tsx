import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { MfaStatus } from "@visadesk/contract/mfa";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { type ApiAnswer, serveApi } from "../../../../test/api-stub";
import { ReauthenticateDialog } from "./reauthenticate-dialog";
import { TwoFactorSection } from "./two-factor-section";

/** The API answers by method and path, and keeps what it was sent. */
let answers: Record<string, ApiAnswer[]> = {};
let received: { call: string; body: unknown }[] = [];
serveApi(({ method, url, body }) => {
  const call = `${method} ${url}`;
  received.push({ call, body });
  // Each path answers its list in turn, the last one for good.
  const list = answers[call] ?? [{ status: 404, body: { message: "Not found" } }];
  return (list.length > 1 ? list.shift() : list[0]) as ApiAnswer;
});

const off: MfaStatus = { totpEnabled: false, recoveryCodesLeft: 0, passkeys: [], enrolmentRequired: false };
const ok = (body: unknown): ApiAnswer[] => [{ status: 200, body }];
const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);
beforeEach(() => {
  received = [];
  answers = { "GET /api/v2/account/mfa": ok(off) };
});

const renderSection = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <TwoFactorSection onEnrolled={() => {}} />
        <ReauthenticateDialog />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe("two-factor sign-in on the settings page", () => {
  it("sets up an authenticator app, asking for the password first when the session's proof is old", async () => {
    const user = userEvent.setup();
    answers["POST /api/v2/account/mfa/totp"] = [
      { status: 403, body: { message: mfaMessages.reauthenticationRequired } },
      { status: 200, body: { secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/VisaDesk:sara" } },
    ];
    answers["POST /api/v2/account/reauthenticate"] = ok({ message: mfaMessages.reauthenticated });
    answers["POST /api/v2/account/mfa/totp/confirm"] = ok({ message: "On", recoveryCodes: codes });
    renderSection();

    expect(await screen.findByRole("heading", { name: "Authenticator app" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Passkeys" })).toBeInTheDocument();
    // No factor yet, so no recovery codes to replace.
    expect(screen.queryByRole("heading", { name: "Recovery codes" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Set up authenticator app" }));
    const proof = await screen.findByRole("form", { name: "Confirm it is you" });
    await user.type(within(proof).getByLabelText(/^Password/), "my password");
    await user.click(within(proof).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");

    await user.type(screen.getByLabelText(/6-digit code/), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);

    expect(received.map(({ call }) => call)).toEqual([
      "GET /api/v2/account/mfa",
      "POST /api/v2/account/mfa/totp",
      "POST /api/v2/account/reauthenticate",
      "POST /api/v2/account/mfa/totp",
      "POST /api/v2/account/mfa/totp/confirm",
      "GET /api/v2/account/mfa",
    ]);
    expect(received[2]?.body).toEqual({ password: "my password" });
    expect(received[4]?.body).toEqual({ code: "123456" });
  });

  it("turns the app off, deletes a passkey and replaces the recovery codes", async () => {
    const user = userEvent.setup();
    const passkey = { id: "key/1", name: "Work laptop", createdAt: "2030-05-01T10:00:00Z", lastUsedAt: null };
    answers["GET /api/v2/account/mfa"] = ok({
      ...off,
      totpEnabled: true,
      recoveryCodesLeft: 7,
      passkeys: [passkey],
    });
    answers["DELETE /api/v2/account/mfa/totp"] = ok({ message: "Authenticator app turned off" });
    answers["DELETE /api/v2/account/mfa/passkeys/key%2F1"] = ok({ message: "Passkey deleted" });
    answers["POST /api/v2/account/mfa/recovery-codes"] = ok({ message: "New codes", recoveryCodes: codes });
    renderSection();

    expect(await screen.findByText("On. 7 of 10 recovery codes left.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn off authenticator app" }));
    const turnOff = screen.getByRole("form", { name: "Turn off authenticator app" });
    await user.type(within(turnOff).getByLabelText(/^Current password/), "my password");
    await user.type(within(turnOff).getByLabelText(/^Code from the app/), "654321");
    await user.click(within(turnOff).getByRole("button", { name: "Turn off" }));
    await waitFor(() =>
      expect(received.map(({ call }) => call)).toContain("DELETE /api/v2/account/mfa/totp"),
    );
    expect(received.find(({ call }) => call === "DELETE /api/v2/account/mfa/totp")?.body).toEqual({
      password: "my password",
      code: "654321",
    });

    await user.click(screen.getByRole("button", { name: "Delete passkey Work laptop" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /delete/i }));
    await waitFor(() =>
      expect(received.map(({ call }) => call)).toContain("DELETE /api/v2/account/mfa/passkeys/key%2F1"),
    );

    await user.click(screen.getByRole("button", { name: "Get new recovery codes" }));
    expect(await screen.findByRole("list", { name: "Recovery codes" })).toBeInTheDocument();
    expect(received.map(({ call }) => call)).toContain("POST /api/v2/account/mfa/recovery-codes");
  });
});
