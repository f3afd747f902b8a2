import { act, renderHook } from "@testing-library/react";
import { serverMessages } from "@visadesk/contract/common-constants";
import { describe, expect, it, vi } from "vitest";
import { HttpError } from "./http";
import { useRecordSave } from "./use-record-save";

interface Item {
  guidId: string;
  name: string;
  city: string;
  version: number;
}
const opened: Item = { guidId: "a", name: "Ayesha", city: "Lahore", version: 1 };
const stored: Item = { guidId: "a", name: "Ayesha Khan", city: "Lahore", version: 2 };
const labels = { name: "Name", city: "City" };

/** The API's refusal of a save made against an older version. */
const stale = () =>
  new HttpError(
    "Request failed with status code 409",
    "ERR_BAD_REQUEST",
    { method: "PUT", url: "", headers: {} },
    {
      status: 409,
      data: { message: serverMessages.staleVersion },
      headers: new Headers(),
    },
  );
const conflictOf = (status: number, message: string) =>
  new HttpError(
    "Request failed",
    "ERR_BAD_REQUEST",
    { method: "PUT", url: "", headers: {} },
    {
      status,
      data: { message },
      headers: new Headers(),
    },
  );

describe("useRecordSave (a record form's save against its version)", () => {
  it("shows what someone else changed after a stale save, and Reload takes the stored record in", async () => {
    const onReload = vi.fn();
    const fetchLatest = vi.fn(async () => stored);
    const { result } = renderHook(() => useRecordSave({ record: opened, fetchLatest, labels, onReload }));
    expect(result.current.record).toBe(opened);
    let handled = false;
    await act(async () => {
      handled = await result.current.refusedAsStale(stale());
    });
    expect(handled).toBe(true);
    expect(fetchLatest).toHaveBeenCalledWith(opened);
    expect(result.current.conflict).toEqual({ latest: stored, changed: ["Name"] });
    // The person's edits stay until Reload: the record the save is based on has not moved yet.
    expect(result.current.record).toBe(opened);
    expect(onReload).not.toHaveBeenCalled();
    act(() => result.current.reload());
    expect(result.current.record).toBe(stored);
    expect(result.current.conflict).toBeNull();
    expect(onReload).toHaveBeenCalledWith(stored);
  });

  it("leaves any other failure to the form: another 409, a 400, an added record, no way to read it again", async () => {
    const fetchLatest = vi.fn(async () => stored);
    const editing = renderHook(() => useRecordSave({ record: opened, fetchLatest, labels })).result;
    const adding = renderHook(() => useRecordSave<Item>({ record: undefined, fetchLatest, labels })).result;
    const unreadable = renderHook(() => useRecordSave({ record: opened, labels })).result;
    await act(async () => {
      expect(await editing.current.refusedAsStale(conflictOf(409, "That time is already booked"))).toBe(
        false,
      );
      expect(await editing.current.refusedAsStale(conflictOf(400, "Name is required"))).toBe(false);
      expect(await editing.current.refusedAsStale(new Error("Network Error"))).toBe(false);
      expect(await adding.current.refusedAsStale(stale())).toBe(false);
      expect(await unreadable.current.refusedAsStale(stale())).toBe(false);
    });
    expect(fetchLatest).not.toHaveBeenCalled();
    expect(editing.current.conflict).toBeNull();
  });

  it("says when the record is gone, compares the form's view of it, and forgets a conflict when another opens", async () => {
    const onGone = vi.fn();
    const gone = renderHook(() =>
      useRecordSave({ record: opened, fetchLatest: async () => undefined, labels, onGone }),
    ).result;
    await act(async () => {
      expect(await gone.current.refusedAsStale(stale())).toBe(true);
    });
    expect(onGone).toHaveBeenCalledOnce();
    expect(gone.current.conflict).toBeNull();

    const viewed = renderHook(() =>
      useRecordSave({
        record: opened,
        fetchLatest: async () => ({ ...stored, name: "AYESHA", city: "Karachi" }),
        // The form shows names in capitals: a change of case alone is no change to it.
        comparable: (item: Item) => ({ name: item.name.toUpperCase(), town: item.city }),
        labels: { name: "Name", town: "Town" },
      }),
    ).result;
    await act(async () => {
      await viewed.current.refusedAsStale(stale());
    });
    expect(viewed.current.conflict?.changed).toEqual(["Town"]);
    const other = { ...stored, guidId: "b" };
    act(() => viewed.current.open(other));
    expect(viewed.current.conflict).toBeNull();
    expect(viewed.current.record).toBe(other);
  });
});
