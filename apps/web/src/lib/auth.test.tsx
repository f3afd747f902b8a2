import { act, render, screen } from "@testing-library/react";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { describe, expect, it } from "vitest";
import { AuthProvider, useAuth } from "./auth";

const USER = {
  guidId: "g-1",
  userName: "sara",
  email: "sara@example.com",
  firstName: "Sara",
  lastName: "Ali",
  roles: ["Staff" as const],
};

let auth: ReturnType<typeof useAuth>;
function Probe() {
  auth = useAuth();
  return (
    <p>
      {auth.loading ? "loading" : auth.isAuthenticated ? `signed in as ${auth.user?.userName}` : "signed out"}
    </p>
  );
}
const renderAuth = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
const stored = () => [
  localStorage.getItem(STORAGE_KEYS.accessToken),
  localStorage.getItem(STORAGE_KEYS.user),
];

describe("authentication state", () => {
  it("restores the session when both the token and the user are stored", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, "tok");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    renderAuth();
    expect(await screen.findByText("signed in as sara")).toBeInTheDocument();
    expect(auth.tokens).toEqual({ accessToken: "tok", refreshToken: null });
  });

  it("does not restore with only one of the two, and loading ends", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    renderAuth();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
  });

  it("corrupt stored data clears both entries", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, "tok");
    localStorage.setItem(STORAGE_KEYS.user, "{broken");
    renderAuth();
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });

  it("login stores both, updateUser merges and persists, logout removes both", async () => {
    renderAuth();
    await screen.findByText("signed out");
    act(() => auth.login({ accessToken: "new-token", user: USER }));
    expect(screen.getByText("signed in as sara")).toBeInTheDocument();
    expect(stored()).toEqual(["new-token", JSON.stringify(USER)]);

    act(() => auth.updateUser({ firstName: "Sarah" }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "{}")).toEqual({
      ...USER,
      firstName: "Sarah",
    });
    expect(auth.user?.firstName).toBe("Sarah");

    act(() => auth.logout());
    expect(screen.getByText("signed out")).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });
});
