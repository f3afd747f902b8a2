import fs from "node:fs";
import path from "node:path";
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { mfaMessages } from "@visadesk/contract/account-constants";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { ToastContainer } from "react-toastify/unstyled";
import { describe, expect, it } from "vitest";
import { CHECKING_MESSAGE, decide, RouteGuard } from "./guard";

const USER = {
  guidId: "g-1",
  userName: "sara",
  email: "sara@example.com",
  firstName: "Sara",
  lastName: "Ali",
};
const store = (token: string | null, user: string | null) => {
  if (token !== null) localStorage.setItem(STORAGE_KEYS.accessToken, token);
  if (user !== null) localStorage.setItem(STORAGE_KEYS.user, user);
};
const stored = () => [
  localStorage.getItem(STORAGE_KEYS.accessToken),
  localStorage.getItem(STORAGE_KEYS.user),
];

function Where({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return (
    <p>
      {name} page{from ? ` from ${from}` : ""}
    </p>
  );
}

function renderAt(path: string) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <Routes>
            <Route path="/" element={<Where name="root" />} />
            <Route path="/login" element={<Where name="login" />} />
            <Route path="/register" element={<Where name="register" />} />
            <Route path="/forgot-password/reset" element={<Where name="reset" />} />
            <Route path="/users" element={<Where name="users" />} />
            <Route path="/home" element={<Where name="home" />} />
          </Routes>
        </RouteGuard>
      </MemoryRouter>
      <ToastContainer />
    </MantineProvider>,
  );
}

describe("route guard", () => {
  it("no token on a protected route: toast, /login with the origin handed along", async () => {
    renderAt("/home");
    expect(await screen.findByText("login page from /home")).toBeInTheDocument();
    expect(await screen.findByText("Please login to access this page")).toBeInTheDocument();
  });

  it("token without a stored user: both entries cleared, toast, /login", async () => {
    store("a-token", null);
    renderAt("/users");
    expect(await screen.findByText("Session expired, please login again")).toBeInTheDocument();
    expect(screen.getByText("login page from /users")).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });

  it("token without a stored user on /: the same clearing, toast and /login (/ is not public)", async () => {
    store("a-token", null);
    renderAt("/");
    expect(await screen.findByText("Session expired, please login again")).toBeInTheDocument();
    expect(screen.getByText(/^login page/)).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });

  it("token and user on /login or /: to /users", async () => {
    for (const path of ["/login", "/"]) {
      store("a-token", JSON.stringify(USER));
      const view = renderAt(path);
      expect(await screen.findByText(/^users page/)).toBeInTheDocument();
      view.unmount();
    }
  });

  it("no token on /: to /login without a toast", async () => {
    renderAt("/");
    expect(await screen.findByText(/^login page/)).toBeInTheDocument();
    expect(screen.queryByText("Please login to access this page")).not.toBeInTheDocument();
  });

  it("corrupt stored user (an unexpected error): both entries cleared, to /login", async () => {
    store("a-token", "{not json");
    renderAt("/home");
    expect(await screen.findByText(/^login page/)).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });

  it("a signed-in visitor reaches protected pages; public pages, also by prefix, are open to anyone", async () => {
    store("a-token", JSON.stringify(USER));
    const view = renderAt("/home");
    expect(await screen.findByText("home page")).toBeInTheDocument();
    view.unmount();
    localStorage.clear();
    for (const [path, text] of [
      ["/register", "register page"],
      ["/forgot-password/reset", "reset page"],
      ["/login", "login page"],
    ] as const) {
      const next = renderAt(path);
      expect(await screen.findByText(text)).toBeInTheDocument();
      next.unmount();
    }
  });

  it("decide() answers each outcome", () => {
    expect(decide("/home")).toEqual({
      kind: "redirect",
      to: "/login",
      toast: "Please login to access this page",
    });
    expect(decide("/")).toEqual({ kind: "redirect", to: "/login" });
    expect(decide("/forgot-password")).toEqual({ kind: "allow" });
    store("t", JSON.stringify(USER));
    expect(decide("/login")).toEqual({ kind: "redirect", to: "/users" });
    expect(decide("/register")).toEqual({ kind: "allow" });
    expect(decide("/users")).toEqual({ kind: "allow" });
  });

  it("with a one-time password, every protected page leads to /settings, which stays open", () => {
    store("t", JSON.stringify({ ...USER, passwordChangeRequired: true }));
    expect(decide("/users")).toEqual({
      kind: "redirect",
      to: "/settings",
      toast: "Choose a new password before you continue: yours was a one-time password.",
    });
    expect(decide("/settings")).toEqual({ kind: "allow" });
    expect(decide("/forgot-password")).toEqual({ kind: "allow" });
    localStorage.clear();
    store("t", JSON.stringify({ ...USER, passwordChangeRequired: false }));
    expect(decide("/users")).toEqual({ kind: "allow" });
  });

  it("while REQUIRE_MFA waits for a second factor, every protected page leads to /settings", () => {
    store("t", JSON.stringify({ ...USER, mfaEnrolmentRequired: true }));
    expect(decide("/consultants")).toEqual({
      kind: "redirect",
      to: "/settings",
      toast: mfaMessages.enrolmentRequired,
    });
    expect(decide("/settings")).toEqual({ kind: "allow" });
    localStorage.clear();
    store("t", JSON.stringify({ ...USER, mfaEnrolmentRequired: false }));
    expect(decide("/consultants")).toEqual({ kind: "allow" });
  });
});

describe("the page before the app's script", () => {
  it("shows the guard's own preloader message, which the app's first render takes over", () => {
    const page = fs.readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8");
    const root = page.slice(page.indexOf('<div id="root">'), page.indexOf("</body>"));
    expect(root).toContain('role="status"');
    expect(root).toContain(`>${CHECKING_MESSAGE}</p>`);
  });
});
