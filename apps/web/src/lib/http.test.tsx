import { render, screen } from "@testing-library/react";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { ToastContainer } from "react-toastify/unstyled";
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiAnswer, serveApi } from "../../test/api-stub";
import { http as client, errorMessage, setUnauthorizedHandler } from "./http";

/** A stand-in API where each path answers one way, so the client runs its real transport. */
let lastAuthorization: string | undefined;
serveApi(({ method, url: path, headers, text }) => {
  lastAuthorization = headers.authorization;
  const json = (status: number, body: unknown): ApiAnswer => ({ status, body });
  if (path.endsWith("/ok")) return json(200, { fine: true });
  if (path.includes("/echo")) {
    return json(200, { method, url: path, type: headers["content-type"] ?? null, body: text });
  }
  if (path.endsWith("/message")) return json(400, { message: "Name is required", error: "Bad Request" });
  if (path.endsWith("/error-only")) return json(409, { error: "Conflict happened" });
  if (path.endsWith("/bare")) return json(418, {});
  if (path.endsWith("/unauthorized")) return json(401, { message: "Your session has expired" });
  if (path.endsWith("/slow"))
    return new Promise<ApiAnswer>((resolve) => setTimeout(() => resolve(json(200, {})), 500));
  return json(404, { message: "No route" });
});

let unauthorizedCalls = 0;
beforeEach(() => {
  unauthorizedCalls = 0;
  setUnauthorizedHandler(() => {
    unauthorizedCalls += 1;
  });
  render(<ToastContainer />);
});

const failure = (path: string, config = {}) =>
  client.get(path, config).then(
    () => null,
    (error: unknown) => error,
  );

describe("the main client", () => {
  it("sends the stored token as a bearer header", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, "stored-token");
    await client.get("ok");
    expect(lastAuthorization).toBe("Bearer stored-token");
    localStorage.clear();
    await client.get("ok");
    expect(lastAuthorization).toBeUndefined();
  });

  it("sends JSON bodies, query strings without empty values, and no body type without a body", async () => {
    const posted = await client.post<{ method: string; type: string; body: string }>("echo", { a: 1 });
    expect(posted.status).toBe(200);
    expect(posted.data).toMatchObject({ method: "POST", type: "application/json", body: '{"a":1}' });
    const listed = await client.get<{ url: string; type: string | null }>("echo", {
      params: { page: 2, search: undefined, role: "AppUser", gone: null },
    });
    expect(listed.data.url).toBe("/api/v2/echo?page=2&role=AppUser");
    expect(listed.data.type).toBeNull();
    const deleted = await client.delete<{ method: string; body: string }>("echo", { data: { code: "x" } });
    expect(deleted.data).toMatchObject({ method: "DELETE", body: '{"code":"x"}' });
  });

  it("no answer at all is a Network Error", async () => {
    const error = await failure("ok", { baseURL: "http://127.0.0.1:1/", silent: true });
    expect(errorMessage(error)).toBe("Network Error");
  });

  it("toasts the response's message first", async () => {
    await failure("message");
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
  });

  it("then the response's error field", async () => {
    await failure("error-only");
    expect(await screen.findByText("Conflict happened")).toBeInTheDocument();
  });

  it("then the error's own message (the spec's transport texts)", async () => {
    const error = await failure("bare");
    expect(errorMessage(error)).toBe("Request failed with status code 418");
    expect(await screen.findByText("Request failed with status code 418")).toBeInTheDocument();
    expect(errorMessage(await failure("slow", { timeout: 50, silent: true }))).toBe("timeout exceeded");
  });

  it("then the fallback", () => {
    expect(errorMessage({})).toBe("An error occurred");
  });

  it("on 401 with a token: both entries removed, the spec's toast, the sign-in handler called", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, "old-token");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userName: "sara" }));
    await failure("unauthorized", { silent: true });
    expect(await screen.findByText("Authentication failed. Please login again.")).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(unauthorizedCalls).toBe(1);
  });

  it("a silent call shows no toast; a refused sign-in (no token) does not send anyone away", async () => {
    await failure("message", { silent: true });
    await failure("unauthorized", { silent: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument();
    expect(screen.queryByText("Authentication failed. Please login again.")).not.toBeInTheDocument();
    expect(unauthorizedCalls).toBe(0);
  });
});
