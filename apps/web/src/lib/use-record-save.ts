import { useState } from "react";
import { changedFields, isStaleVersion } from "./record-version";

/** A save refused because someone else saved the record first: the record as stored now, and what changed. */
export interface RecordConflict<T> {
  latest: T;
  /** The labels of the fields that differ, in the labels' order. */
  changed: string[];
}

export interface RecordSaveOptions<T extends object, C extends object = T> {
  /** The stored record the form opens with; undefined when it adds one. */
  record: T | undefined;
  /** Reads the record as stored now (undefined: it is gone). Without it a stale save is the form's to say. */
  fetchLatest?: ((record: T) => Promise<T | undefined>) | undefined;
  /** The form's label of each field, naming what someone else changed. */
  labels: Partial<Record<keyof NoInfer<C>, string>>;
  /** What of a record is compared (the record itself unless given): the form's view of it. */
  comparable?: (record: T) => C;
  /** Reload took the latest record: the form starts again from it (its values, its chosen files). */
  onReload?: (latest: T) => void;
  /** The record was gone when read again after a stale save. */
  onGone?: () => void;
}

/**
 * A record form's save against the version it holds: the stored record its values started from (its
 * version goes with the save), the conflict a stale save leaves on screen until the person presses Reload,
 * and Reload itself. The person's edits stay until then.
 */
export function useRecordSave<T extends object, C extends object = T>(options: RecordSaveOptions<T, C>) {
  const [record, setRecord] = useState(options.record);
  const [conflict, setConflict] = useState<RecordConflict<T> | null>(null);

  /**
   * For a failed save: true when the server refused it because the record changed since the form loaded
   * it, the conflict then shown (or onGone told); false for any other failure, the form's own to say.
   */
  const refusedAsStale = async (error: unknown): Promise<boolean> => {
    const { fetchLatest, comparable, labels } = options;
    if (!isStaleVersion(error) || !record || !fetchLatest) return false;
    const latest = await fetchLatest(record);
    if (!latest) {
      options.onGone?.();
      return true;
    }
    const view = comparable ?? ((stored: T) => stored as unknown as C);
    setConflict({ latest, changed: changedFields(view(record), view(latest), labels) });
    return true;
  };

  /** Takes the latest record into the form: the person's unsaved edits go only now. */
  const reload = () => {
    if (!conflict) return;
    setRecord(conflict.latest);
    setConflict(null);
    options.onReload?.(conflict.latest);
  };

  /** Another record in the same form (a dialog opened on another row), or none: its conflict goes. */
  const open = (next: T | undefined) => {
    setRecord(next);
    setConflict(null);
  };

  return { record, conflict, refusedAsStale, reload, open };
}
