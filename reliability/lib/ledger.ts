/** What the database holds of one record: whether it is there (not deleted) and the field the load edits. */
export interface Shape {
  present: boolean;
  /** Consultant name, appointment description or app user first name. */
  label: string;
}

export type Kind = "consultant" | "appointment" | "appUser";

/** One record the load wrote, and every state the database may hold for it after the writes it was sent. */
export interface LedgerRecord {
  kind: Kind;
  /** Chosen by the client before the create: consultant and appointment guidId, app user email. */
  key: string;
  /** Known from the create's answer (or, after an unknown outcome, from the database). */
  guidId?: string;
  id?: number;
  owner: number;
  /** The booking an appointment update must repeat. */
  booking?: { consultantId: string; appointmentDate: string; appointmentTime: string };
  /** The form fields an edit sends again (consultants, app users). */
  fields?: Record<string, string>;
  /** One state once every write to it was answered; two while a write's outcome is unknown. */
  possible: Shape[];
}

/** A row as read back from the database, by kind and key. */
export interface StoredRow extends Shape {
  guidId: string;
  id: number;
}

const ABSENT: Shape = { present: false, label: "" };
const same = (a: Shape, b: Shape) => a.present === b.present && (!a.present || a.label === b.label);

/**
 * The acknowledged writes of a load run. A write the server answered with 2xx must be in the database;
 * a write it refused (4xx) must have changed nothing; a write whose answer never came (the server was
 * killed) or came as 503 (the database went away mid-request) may or may not have happened, and the
 * record is left alone until the database has been read back and says which.
 */
export class Ledger {
  readonly records = new Map<string, LedgerRecord>();

  /** A record about to be created (with `beginWrite`): it does not exist yet. */
  creating(kind: Kind, key: string, owner: number): LedgerRecord {
    const record: LedgerRecord = { kind, key, owner, possible: [ABSENT] };
    this.records.set(`${kind}:${key}`, record);
    return record;
  }

  /** Records of a kind whose state is known, that a client may edit or delete next. */
  settled(kind: Kind, owner?: number): LedgerRecord[] {
    const found: LedgerRecord[] = [];
    for (const record of this.records.values()) {
      if (record.kind !== kind || record.possible.length !== 1 || !record.possible[0]?.present) continue;
      if (owner !== undefined && record.owner !== owner) continue;
      if (record.kind !== "consultant" && !record.guidId) continue;
      found.push(record);
    }
    return found;
  }

  /** How many creates were acknowledged and not deleted since: each must be in the database. */
  acknowledgedPresent(): number {
    let count = 0;
    for (const record of this.records.values()) {
      if (record.possible.length === 1 && record.possible[0]?.present) count += 1;
    }
    return count;
  }

  /** How many of those are in the database with their last acknowledged edit. */
  acknowledgedFound(rows: Map<string, StoredRow>): number {
    let count = 0;
    for (const [name, record] of this.records) {
      const [only, other] = record.possible;
      const stored = rows.get(name);
      if (only?.present && !other && stored && same(only, stored)) count += 1;
    }
    return count;
  }

  /** Every record whose stored state is none of the possible ones, described for the failure message. */
  mismatches(rows: Map<string, StoredRow>): string[] {
    const problems: string[] = [];
    for (const [name, record] of this.records) {
      const stored = rows.get(name) ?? ABSENT;
      if (!record.possible.some((shape) => same(shape, stored))) {
        const wanted = record.possible.map(describeShape).join(" or ");
        problems.push(`${name}: expected ${wanted}, found ${describeShape(stored)}`);
      }
    }
    return problems;
  }

  /** After a check: unknown outcomes become what the database says, so the next run can use them. */
  settle(rows: Map<string, StoredRow>) {
    for (const [name, record] of this.records) {
      const stored = rows.get(name);
      record.possible = [stored ? { present: stored.present, label: stored.label } : ABSENT];
      if (stored) {
        record.guidId = stored.guidId;
        record.id = stored.id;
      }
    }
  }
}

/** Starts a write to a settled record: the outcome is unknown until `answered` says how it ended. */
export function beginWrite(record: LedgerRecord, next: Shape) {
  const before = record.possible[0] ?? ABSENT;
  record.possible = [before, next];
  return {
    /** 2xx: the write happened; 4xx: it changed nothing; unknown: either may be true. */
    answered(outcome: "done" | "refused" | "unknown") {
      if (outcome === "done") record.possible = [next];
      else if (outcome === "refused") record.possible = [before];
    },
  };
}

function describeShape(shape: Shape) {
  return shape.present ? `present "${shape.label}"` : "absent";
}
