import { afterEach, describe, expect, it, vi } from "vitest";
import { afterEarlyDownloads, EARLY_DOWNLOADS_ADDED, EARLY_DOWNLOADS_ATTRIBUTE } from "./early-downloads";

afterEach(() => {
  document.documentElement.removeAttribute(EARLY_DOWNLOADS_ATTRIBUTE);
  vi.useRealTimers();
});

describe("afterEarlyDownloads", () => {
  it("waits while index.html's script is still adding the screen's links, then runs in a task of its own", () => {
    vi.useFakeTimers();
    document.documentElement.setAttribute(EARLY_DOWNLOADS_ATTRIBUTE, "adding");
    const then = vi.fn();
    afterEarlyDownloads(then);
    vi.runAllTimers();
    expect(then).not.toHaveBeenCalled();

    document.documentElement.setAttribute(EARLY_DOWNLOADS_ATTRIBUTE, "added");
    window.dispatchEvent(new Event(EARLY_DOWNLOADS_ADDED));
    expect(then).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(then).toHaveBeenCalledOnce();
  });

  it("runs at once (in the next task) when the links are in, or when the page has no such script", () => {
    vi.useFakeTimers();
    const then = vi.fn();
    afterEarlyDownloads(then);
    document.documentElement.setAttribute(EARLY_DOWNLOADS_ATTRIBUTE, "added");
    afterEarlyDownloads(then);
    vi.runAllTimers();
    expect(then).toHaveBeenCalledTimes(2);
  });
});
