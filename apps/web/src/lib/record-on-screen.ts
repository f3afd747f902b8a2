import type { NoteEntity } from "@visadesk/contract/notes";
import { useEffect, useSyncExternalStore } from "react";

export interface RecordRef {
  entity: NoteEntity;
  entityId: string;
}
export type SidePanelTab = "chat" | "alerts" | "notes";

/**
 * The records shown over the screen's own (an appointment's details dialog), the latest on top: the side
 * panel's Notes and Alerts are about the top one while it is shown. A page's own record is read from its
 * route; only what a route does not name is registered here.
 */
let shown: RecordRef[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Registers the record while the caller shows it (record non-null), and takes it back after. */
export function useShowRecord(record: RecordRef | null) {
  const entity = record?.entity;
  const entityId = record?.entityId;
  useEffect(() => {
    if (!entity || !entityId) return;
    const mine: RecordRef = { entity, entityId };
    shown = [...shown, mine];
    changed();
    return () => {
      shown = shown.filter((item) => item !== mine);
      changed();
    };
  }, [entity, entityId]);
}

/** The record shown over the screen now, if any. */
export const useShownRecord = (): RecordRef | null =>
  useSyncExternalStore(subscribe, () => shown.at(-1) ?? null);

/** Asks the shell to open its side panel on a tab (from a dialog the header is behind). */
const panelListeners = new Set<(tab: SidePanelTab) => void>();
export function openSidePanel(tab: SidePanelTab) {
  for (const listener of panelListeners) listener(tab);
}
export function useSidePanelRequests(open: (tab: SidePanelTab) => void) {
  useEffect(() => {
    panelListeners.add(open);
    return () => {
      panelListeners.delete(open);
    };
  }, [open]);
}
