import { appointmentMessages } from "@visadesk/contract/appointments-constants";
import { serverMessages } from "@visadesk/contract/common-constants";

/** What a run accepts besides 2xx: each accepted failure is counted under its reason, never hidden. */
export interface FailurePolicy {
  /** The server is killed during the run: a request whose answer never comes is expected. */
  interruptions?: boolean;
  /** The database is stopped during the run: 503 with the database message is expected. */
  databaseOutage?: boolean;
  /**
   * Replicas behind a load balancer, one of them killed during the run: the balancer's own 502 (not the
   * API's JSON) for a request that instance had in flight is expected.
   */
  replicaKilled?: boolean;
}

/** How a request ended: an answer, or none (connection cut, time-out). */
export type Answer = { status: number; body: Record<string, unknown> } | { error: string };

/** Counts of one run: every request, its time, and every answer that was not 2xx, by reason. */
export class Stats {
  requests = 0;
  ok = 0;
  /** Creates answered 2xx (some deleted later in the run). */
  createsAcknowledged = 0;
  readonly times: number[] = [];
  readonly expected = new Map<string, number>();
  readonly unexpected: string[] = [];
  /** When (Date.now()) each expected failure was answered, by reason. */
  readonly expectedAt = new Map<string, number[]>();
  readonly byAction = new Map<string, number>();
  readonly msByAction = new Map<string, number>();

  add(action: string, ms: number, answer: Answer, policy: FailurePolicy) {
    this.requests += 1;
    this.times.push(ms);
    this.byAction.set(action, (this.byAction.get(action) ?? 0) + 1);
    this.msByAction.set(action, (this.msByAction.get(action) ?? 0) + ms);
    if ("status" in answer && answer.status < 300) {
      this.ok += 1;
      return;
    }
    const reason = expectedReason(action, answer, policy);
    if (reason) {
      this.expected.set(reason, (this.expected.get(reason) ?? 0) + 1);
      const times = this.expectedAt.get(reason) ?? [];
      times.push(Date.now());
      this.expectedAt.set(reason, times);
    } else
      this.unexpected.push(
        `${action}: ${"status" in answer ? `${answer.status} ${JSON.stringify(answer.body)}` : answer.error}`,
      );
  }

  /** Mean time of each action, in ms: where the time goes. */
  meanByAction() {
    return [...this.byAction]
      .map(([action, count]) => `${action} ${((this.msByAction.get(action) ?? 0) / count).toFixed(0)} ms`)
      .join(", ");
  }

  percentile(p: number) {
    const sorted = [...this.times].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
  }
}

const CUT = /other side closed|socket hang up|ECONNRESET/i;
export const DATABASE_UNAVAILABLE = "503 database unavailable";
export const BALANCER_LOST_REPLICA = "502 from the balancer: the instance died with the request";

function expectedReason(action: string, answer: Answer, policy: FailurePolicy): string | null {
  if (!("status" in answer)) {
    if (policy.interruptions) return "no answer: the server was killed";
    // The balancer closes the client's connection when the instance dies after its answer began.
    if (policy.replicaKilled && CUT.test(answer.error)) return "connection cut: the instance was killed";
    return null;
  }
  const message = answer.body.message;
  if (answer.status === 409 && action === "create appointment" && message === appointmentMessages.slotTaken) {
    return "409 double booking refused";
  }
  if (policy.replicaKilled && answer.status === 502 && answer.body.message === undefined) {
    return BALANCER_LOST_REPLICA;
  }
  if (policy.databaseOutage && answer.status === 503 && message === serverMessages.databaseUnavailable) {
    return DATABASE_UNAVAILABLE;
  }
  return null;
}

/** One line of figures for the console and the docs. */
export function summary(stats: Stats, seconds: number) {
  const expected = [...stats.expected].map(([reason, count]) => `${reason}: ${count}`).join(", ") || "none";
  return (
    `${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)} req/s), ` +
    `p95 ${stats.percentile(0.95).toFixed(0)} ms, 2xx ${stats.ok}, expected failures: ${expected}, ` +
    `unexpected: ${stats.unexpected.length}`
  );
}
