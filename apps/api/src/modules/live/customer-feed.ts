import type {
  CustomerAppointmentChange,
  CustomerLiveChange,
} from "@visadesk/contract/customer-live-endpoints";
import type { Db } from "#api/db/database";
import { appointmentIdsOf, appointmentOwners } from "../appointments/queries";
import type { LiveFeed, LiveRow } from "./feed";

/** Whom a customer's stream is for. */
export interface StreamCustomer {
  id: number;
  guidId: string;
}
type Listener = (change: CustomerLiveChange) => void;
interface Watcher {
  customer: StreamCustomer;
  /** The customer's appointments as far as the stream knows: a deleted one is told by these. */
  known: Set<string>;
  listener: Listener;
}

/** The history's fields of an appointment that say it moved. */
const MOVED = ["appointmentDate", "appointmentTime"];

const fieldsOf = (row: LiveRow): Record<string, { to?: unknown }> => {
  try {
    return JSON.parse(row.changes) as Record<string, { to?: unknown }>;
  } catch {
    return {};
  }
};

/** What happened to an appointment, by its history row; undefined for what the customer never sees. */
export function appointmentChangeOf(row: LiveRow): CustomerAppointmentChange | undefined {
  switch (row.action) {
    case "create":
      return "booked";
    case "confirm":
      return "confirmed";
    case "cancel":
      return "cancelled";
    case "delete":
      return "deleted";
    // A reminder mail changes nothing the customer's pages show.
    case "remind":
      return undefined;
  }
  const fields = Object.keys(fieldsOf(row));
  if (fields.some((field) => MOVED.includes(field))) return "moved";
  if (fields.includes("attendance")) return "attendance";
  return "edited";
}

/** The CNIC check's new state as the customer sees it (a conflict is pending to them), if the row set one. */
function cnicChangeOf(row: LiveRow): CustomerLiveChange["cnic"] {
  const to = fieldsOf(row).cnicVerification?.to;
  if (to === "verified" || to === "rejected") return to;
  if (to === "pending" || to === "conflict") return "pending";
  return null;
}

/**
 * The live feed for customers: each stream is told only of its own customer's records, one of their
 * appointments (found by the appointment's customer, one query per look for every stream at once) or their
 * CNIC check. Never another customer's: an appointment is told to the customer it belongs to, a deleted one
 * to the stream that knew it as its customer's.
 */
export function createCustomerFeed(feed: LiveFeed, db: Db) {
  const watchers = new Set<Watcher>();
  let unsubscribe: (() => void) | undefined;
  // Looks are handled one at a time, in order, so no stream is told of an older change after a newer one.
  let queue = Promise.resolve();

  async function tell(rows: LiveRow[]) {
    const appointmentRows = rows.filter((row) => row.entity === "appointment" && row.entityId);
    const userRows = rows.filter((row) => row.entity === "user" && row.entityId);
    if (appointmentRows.length === 0 && userRows.length === 0) return;
    const ids = [...new Set(appointmentRows.map((row) => row.entityId as string))];
    const owners = new Map(
      ids.length > 0
        ? (await appointmentOwners(db.kysely, ids)).map((row) => [row.guidId, Number(row.userId)])
        : [],
    );
    for (const watcher of watchers) {
      const { customer, known } = watcher;
      const appointments: CustomerLiveChange["appointments"] = [];
      for (const row of appointmentRows) {
        const guidId = row.entityId as string;
        const owner = owners.get(guidId);
        if (owner === undefined ? !known.has(guidId) : owner !== customer.id) continue;
        known.add(guidId);
        const change = appointmentChangeOf(row);
        if (change) appointments.push({ guidId, change });
      }
      let cnic: CustomerLiveChange["cnic"] = null;
      for (const row of userRows) {
        if (row.entityId === customer.guidId) cnic = cnicChangeOf(row) ?? cnic;
      }
      if (appointments.length > 0 || cnic) watcher.listener({ appointments, cnic });
    }
  }

  return {
    /** Calls `listener` with each change of the customer's own records from now on; answers how to stop it. */
    subscribe(customer: StreamCustomer, listener: Listener): () => void {
      const watcher: Watcher = { customer, listener, known: new Set() };
      watchers.add(watcher);
      // Their appointments so far, for one deleted later (one booked later is found by its customer).
      appointmentIdsOf(db.kysely, customer.id).then(
        (ids) => {
          for (const id of ids) watcher.known.add(id);
        },
        () => undefined,
      );
      unsubscribe ??= feed.subscribe(({ rows }) => {
        queue = queue.then(() => tell(rows)).catch(() => undefined);
      });
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0) {
          unsubscribe?.();
          unsubscribe = undefined;
        }
      };
    },
  };
}
export type CustomerFeed = ReturnType<typeof createCustomerFeed>;
