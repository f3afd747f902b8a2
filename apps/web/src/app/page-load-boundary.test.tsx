import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LazyPage, lazyPage } from "@/lib/feature";
import { PageLoadBoundary } from "./page-load-boundary";

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? "online" : "offline"));
}
Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });

/** What Chromium says when a chunk cannot be downloaded. */
const downloadFailed = (file: string) =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`);

const renderPage = (Page: LazyPage) =>
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <PageLoadBoundary>
          <Suspense fallback="Loading...">
            <Page />
          </Suspense>
        </PageLoadBoundary>
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => {
  // React reports each error a boundary catches; here they are the point of the test.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  online = true;
});

describe("a page whose download fails", () => {
  it("offline: says so with Retry, and appears by itself on the browser's online event", async () => {
    setOnline(false);
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (!navigator.onLine) throw downloadFailed("app-user-list-page-1.js");
      return { default: () => <h2>App Users</h2> };
    });
    renderPage(Page);
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent("You're offline");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();

    act(() => setOnline(true));
    expect(await screen.findByRole("heading", { name: "App Users" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(attempts).toBe(2);
  });

  it("online, with the file gone from the server: A new version is available, with Reload", async () => {
    // Unknown paths get the app's index.html.
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(null, { status: 200, headers: { "content-type": "text/html" } }));
    const Page = lazyPage(() => Promise.reject(downloadFailed("internal-user-list-page-2.js")));
    renderPage(Page);
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent("A new version is available");
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      "http://localhost/assets/internal-user-list-page-2.js",
      expect.objectContaining({ method: "HEAD" }),
    );
  });
});
