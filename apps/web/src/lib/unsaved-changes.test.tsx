import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { unsavedChanges, useUnsavedChangesPrompt } from "./unsaved-changes";

describe("unsaved changes", () => {
  it("are held while any form on screen is dirty, and let go when it is saved or leaves", () => {
    const first = renderHook(({ dirty }) => useUnsavedChangesPrompt(dirty), {
      initialProps: { dirty: false },
    });
    const second = renderHook(({ dirty }) => useUnsavedChangesPrompt(dirty), {
      initialProps: { dirty: true },
    });
    expect(unsavedChanges.any()).toBe(true);

    // A save under way (or done) is not unsaved, though the other form still is.
    second.rerender({ dirty: false });
    expect(unsavedChanges.any()).toBe(false);
    first.rerender({ dirty: true });
    expect(unsavedChanges.any()).toBe(true);

    // A form that is gone holds nothing back.
    first.unmount();
    expect(unsavedChanges.any()).toBe(false);
    second.unmount();
  });
});

describe("signing out", () => {
  it("lets go of every form's unsaved changes at once", () => {
    const form = renderHook(() => useUnsavedChangesPrompt(true));
    expect(unsavedChanges.any()).toBe(true);
    unsavedChanges.discard();
    expect(unsavedChanges.any()).toBe(false);
    form.unmount();
  });
});
