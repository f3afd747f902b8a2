import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  Link,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { unsavedChanges, useUnsavedChangesPrompt } from "../lib/unsaved-changes";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";
import { unsavedChangesHistory } from "./unsaved-changes-history";

/** A form that is dirty once typed in, with the ways out of it a page offers. */
function EditPage() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  useUnsavedChangesPrompt(dirty);
  return (
    <>
      <input aria-label="Name" onChange={() => setDirty(true)} />
      <Link to="/dashboard">Dashboard</Link>
      <Link to="/edit#photo">Photo</Link>
      <button type="button" onClick={() => navigate("/list")}>
        Cancel
      </button>
    </>
  );
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search + location.hash}</output>;
}

/** The app's router on an in-memory history that has been to the list and then to the edit form. */
function renderApp() {
  const history = unsavedChangesHistory(
    createMemoryHistory({ initialEntries: ["/list", "/edit"], v5Compat: true }),
  );
  render(
    <MantineProvider>
      <HistoryRouter history={history}>
        <UnsavedChangesGuard history={history} />
        <Address />
        <Routes>
          <Route path="/list" element={<p>The list</p>} />
          <Route path="/edit" element={<EditPage />} />
          <Route path="/dashboard" element={<p>The dashboard</p>} />
        </Routes>
      </HistoryRouter>
    </MantineProvider>,
  );
  return history;
}

const address = () => screen.getByRole("status", { name: "Address" });
const question = () => screen.findByRole("dialog", { name: "Unsaved changes" });
const edit = () =>
  fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "x" } });

afterEach(() => unsavedChanges.discard());

describe("leaving a form with unsaved changes", () => {
  it("a link asks first: Stay keeps the form and its address, Leave goes", async () => {
    renderApp();
    edit();
    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).not.toBeInTheDocument();
    expect(address()).toHaveTextContent("/edit");
    expect(screen.getByRole("textbox", { name: "Name" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await question()).toHaveTextContent("You have unsaved changes. Leave this page and lose them?");
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("The dashboard")).toBeInTheDocument();
    expect(address()).toHaveTextContent("/dashboard");
  });

  it("Cancel (a navigation in code) asks too", async () => {
    renderApp();
    edit();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await question();
    expect(address()).toHaveTextContent("/edit");
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("The list")).toBeInTheDocument();
  });

  it("browser Back is undone while asked, and Leave goes back after all", async () => {
    const history = renderApp();
    edit();
    act(() => history.go(-1));
    await question();
    expect(address()).toHaveTextContent("/edit");
    expect(history.location.pathname).toBe("/edit");

    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(history.location.pathname).toBe("/edit");
    act(() => history.go(-1));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByText("The list")).toBeInTheDocument();
    expect(history.location.pathname).toBe("/list");
  });

  it("closing the tab gets the browser's question", () => {
    renderApp();
    const close = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(close()).toBe(false);
    edit();
    expect(close()).toBe(true);
  });
});

describe("nothing is asked", () => {
  it("of an untouched form, or of a jump within the same page", async () => {
    renderApp();
    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByText("The dashboard")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).not.toBeInTheDocument();
  });

  it("when only the #fragment changes", () => {
    renderApp();
    edit();
    fireEvent.click(screen.getByRole("link", { name: "Photo" }));
    expect(address()).toHaveTextContent("/edit#photo");
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).not.toBeInTheDocument();
  });

  it("once the changes are let go (signing out)", async () => {
    renderApp();
    edit();
    act(() => unsavedChanges.discard());
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("The list")).toBeInTheDocument();
  });
});
