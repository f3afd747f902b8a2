import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openSearchOnShortcut, takeTypedKeys } from "./early-keys";

/**
 * index.html's script, which hears Ctrl+K (Cmd+K) before any of the app's code has arrived, with the app's
 * side of it (early-keys.ts). The whole journey in a browser is e2e/global-search-early-keys.spec.ts.
 */
const html = fs.readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8");
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1] ?? "")
  .find((text) => text.includes("visadeskSearchKeys"));

// The script's listeners, taken off again after this file: the worker's document is shared with other files.
const added: [string, EventListener, boolean][] = [];
beforeAll(() => {
  if (!script) throw new Error("index.html has no script for Ctrl+K");
  const listen = (type: string, listener: EventListener, capture: boolean) => {
    added.push([type, listener, capture]);
    window.addEventListener(type, listener, capture);
  };
  new Function("addEventListener", script)(listen);
});
afterAll(() => {
  for (const [type, listener, capture] of added) window.removeEventListener(type, listener, capture);
  delete window.visadeskSearchKeys;
});

let unsubscribe = () => {};
beforeEach(() => {
  unsubscribe();
  takeTypedKeys();
  document.body.innerHTML = "";
  localStorage.setItem(STORAGE_KEYS.accessToken, "a-session");
  window.history.pushState({}, "", "/home");
});

/** A key pressed where the focus is (the page itself when nothing has it); answers whether it was taken. */
function press(
  key: string,
  modifiers: KeyboardEventInit = {},
  target: Element = document.activeElement ?? document.body,
) {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key;
  const event = new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true, ...modifiers });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
const type = (text: string) => [...text].map((key) => press(key));

describe("Ctrl+K before the app is there", () => {
  it("is remembered with what is typed after it, in order, Backspace included, until the search box takes it", () => {
    expect(press("k", { ctrlKey: true })).toBe(true);
    expect(type("12")).toEqual([true, true]);
    expect(press("Backspace")).toBe(true);
    expect(type("345")).toEqual([true, true, true]);
    expect(press("Enter")).toBe(true);

    const open = vi.fn();
    unsubscribe = openSearchOnShortcut(open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(type("6")).toEqual([true]);
    expect(takeTypedKeys()).toBe("13456");
    // The box has the focus from here on: the keys are the page's again, and nothing is taken twice.
    expect(type("7")).toEqual([false]);
    expect(takeTypedKeys()).toBe("");
  });

  it("opens the search at once once the shell is there (Cmd+K too), keeping the keys typed even in a text box", () => {
    const open = vi.fn();
    unsubscribe = openSearchOnShortcut(open);
    const box = document.body.appendChild(document.createElement("input"));
    box.focus();
    expect(press("K", { metaKey: true })).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(type("ab")).toEqual([true, true]);
    expect(takeTypedKeys()).toBe("ab");
  });

  it("gives the keys back to the page on Escape, Tab or a click", () => {
    for (const stop of [
      () => press("Escape"),
      () => press("Tab"),
      () => document.body.dispatchEvent(new Event("pointerdown")),
    ]) {
      press("k", { ctrlKey: true });
      type("1");
      stop();
      expect(type("2")).toEqual([false]);
      expect(takeTypedKeys()).toBe("");
    }
  });

  it("gives the open dialog's box the focus", () => {
    const box = document.body.appendChild(document.createElement("input"));
    box.setAttribute("data-global-search", "");
    expect(press("k", { ctrlKey: true })).toBe(true);
    expect(document.activeElement).toBe(box);
    expect(type("9")).toEqual([false]);
  });

  it("is left to the browser when no one is signed in, and on the sign-in page", () => {
    const open = vi.fn();
    unsubscribe = openSearchOnShortcut(open);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    expect(press("k", { ctrlKey: true })).toBe(false);
    localStorage.setItem(STORAGE_KEYS.accessToken, "a-session");
    window.history.pushState({}, "", "/login");
    expect(press("k", { ctrlKey: true })).toBe(false);
    expect(type("1")).toEqual([false]);
    expect(open).not.toHaveBeenCalled();
  });
});
