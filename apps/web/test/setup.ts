import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { http } from "@/lib/http";

// Files share a worker's modules and document (vitest's isolate: false), so each test leaves nothing
// behind: no rendered tree, nothing stored, and the HTTP client's base as it found it (tests point it at a
// local server of their own).
const apiBase = http.defaults.baseURL;
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => {
  http.defaults.baseURL = apiBase;
});

// jsdom lacks these; Mantine's components read them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Mantine scrolls a select's active option into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView ??= () => {};
