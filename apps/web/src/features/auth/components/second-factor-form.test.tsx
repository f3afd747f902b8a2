import http from "node:http";
import type { AddressInfo } from "node:net";
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mfaMessages } from "@visadesk/contract/account-constants";
import type { LoginResponse } from "@visadesk/contract/auth";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { http as client } from "@/lib/http";
import { SecondFactorForm } from "./second-factor-form";

/** A real local server standing in for the API: it answers each call in turn and keeps what it was sent. */
let answers: { status: number; body: unknown }[] = [];
let received: { call: string; body: unknown }[] = [];
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("access-control-allow-headers", "authorization, content-type");
    if (request.method === "OPTIONS") return response.end();
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on("end", () => {
      received.push({ call: `${request.method} ${request.url}`, body: text ? JSON.parse(text) : undefined });
      const answer = answers.shift() ?? { status: 500, body: { message: "No answer set" } };
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
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
