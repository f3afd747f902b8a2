import { randomUUID } from "node:crypto";
import { beginWrite, type Ledger } from "./ledger";
import type { Answer, FailurePolicy, Stats } from "./stats";

/** Where the clients send their requests; the crash test points it at each restarted server. */
export interface Target {
  url: string;
}

export interface LoadOptions {
  target: Target;
  /** Headers of the signed-in sessions; the clients share them round-robin. */
  sessions: Array<Record<string, string>>;
  clients: number;
  /** Bounds: the run ends at the first of these, or when `stop.stopped` turns true. */
  seconds: number;
  maxRequestsPerClient: number;
  stop?: { stopped: boolean };
  /** "mixed": reads and writes; "writes": writes only (the crash test). */
  mix: "mixed" | "writes";
  /** Consultants that are never deleted, which every client books: concurrent double bookings happen. */
  anchors: string[];
  ledger: Ledger;
  stats: Stats;
  policy?: FailurePolicy;
}

/** A request unanswered after this long counts as failed (generous: a shared 2-core machine is slow). */
const REQUEST_TIMEOUT_MS = 60_000;
let sequence = 0;
const runId = randomUUID().slice(0, 6);
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const SLOTS = Array.from(
  { length: 16 },
  (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);
// Two to sixty-one days ahead in UTC is never in the past in the business time zone.
const futureDate = () =>
  new Date(Date.now() + (2 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10);

/** Runs the clients until the time, the request count or the stop flag ends them. */
export async function runLoad(options: LoadOptions): Promise<void> {
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, owner) => {
      const headers = options.sessions[owner % options.sessions.length] ?? {};
      const client = new LoadClient(options, owner, headers);
      for (let n = 0; n < options.maxRequestsPerClient; n += 1) {
        if (Date.now() >= deadline || options.stop?.stopped) return;
        await client.step();
      }
    }),
  );
}

/** One simulated back-office user: reads lists and edits its own records, one request at a time. */
class LoadClient {
  constructor(
    private readonly options: LoadOptions,
    private readonly owner: number,
    private readonly headers: Record<string, string>,
  ) {}

  private readonly writes: Array<[number, () => Promise<void>]> = [
    [14, () => this.createConsultant()],
    [9, () => this.editConsultant()],
    [4, () => this.deleteConsultant()],
    [16, () => this.createAppointment()],
    [9, () => this.editAppointment()],
    [6, () => this.deleteAppointment()],
    [5, () => this.createAppUser()],
    [4, () => this.editAppUser()],
    [3, () => this.deleteAppUser()],
  ];

  step(): Promise<void> {
    if (this.options.mix === "mixed" && Math.random() < 0.3) return this.read();
    const total = this.writes.reduce((sum, [weight]) => sum + weight, 0);
    let roll = Math.random() * total;
    for (const [weight, write] of this.writes) {
      roll -= weight;
      if (roll < 0) return write();
    }
    return this.createConsultant();
  }

  private async send(
    action: string,
    method: string,
    path: string,
    body?: FormData | object,
  ): Promise<Answer> {
    const started = performance.now();
    let answer: Answer;
    try {
      const json = body !== undefined && !(body instanceof FormData);
      const response = await fetch(`${this.options.target.url}${path}`, {
        method,
        headers: json ? { ...this.headers, "content-type": "application/json" } : this.headers,
        ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = { text: text.slice(0, 200) };
      }
      answer = { status: response.status, body: parsed };
    } catch (error) {
      answer = { error: (error as Error).cause ? String((error as Error).cause) : String(error) };
    }
    this.options.stats.add(action, performance.now() - started, answer, this.options.policy ?? {});
    return answer;
  }

  /** How a write ended, for the ledger: answered 2xx, answered otherwise, or never answered / 503. */
  private outcome(answer: Answer): "done" | "refused" | "unknown" {
    if (!("status" in answer) || answer.status >= 500) return "unknown";
    return answer.status < 300 ? "done" : "refused";
  }

  private read() {
    const lists = [
      "/api/v2/Consultants/consultants?page=1&pageSize=12",
      "/api/v2/User/users?role=AppUser&page=1&pageSize=12",
      "/api/v2/userAppointment/appointments?page=1&pageSize=12",
      `/api/v2/Consultants/${pick(this.options.anchors)}`,
    ];
    return this.send("read", "GET", pick(lists) as string).then(() => undefined);
  }

  private async createConsultant() {
    sequence += 1;
    const guidId = randomUUID();
    const fields = {
      Name: `Consultant ${runId} ${sequence}`,
      BusinessName: `Visa Advisers ${sequence}`,
      ContactEmail: `consultant-${runId}-${sequence}@example.com`,
      PhoneNumber: "+92 300 1234567",
    };
    const record = this.options.ledger.creating("consultant", guidId, this.owner);
    record.fields = fields;
    const write = beginWrite(record, { present: true, label: fields.Name });
    const answer = await this.send(
      "create consultant",
      "POST",
      "/api/v2/Consultants/register",
      form({ ...fields, GuidId: guidId }),
    );
    write.answered(this.outcome(answer));
    if (this.outcome(answer) === "done") {
      record.guidId = guidId;
      this.options.stats.createsAcknowledged += 1;
    }
  }

  private async editConsultant() {
    const record = pick(this.options.ledger.settled("consultant", this.owner));
    if (!record?.fields) return this.createConsultant();
    const name = `${record.fields.Name?.split(" edit")[0]} edit ${Math.random().toString(36).slice(2, 7)}`;
    const write = beginWrite(record, { present: true, label: name });
    const fields = { ...record.fields, Name: name };
    const answer = await this.send(
      "edit consultant",
      "PUT",
      "/api/v2/Consultants/update",
      form({ ...fields, GuidId: record.key }),
    );
    write.answered(this.outcome(answer));
    if (this.outcome(answer) === "done") record.fields = fields;
  }

  private async deleteConsultant() {
    const record = pick(this.options.ledger.settled("consultant", this.owner));
    if (!record) return this.createConsultant();
    const write = beginWrite(record, { present: false, label: "" });
    const answer = await this.send(
      "delete consultant",
      "DELETE",
      `/api/v2/Consultants/${record.key}?confirmUpcoming=true`,
    );
    write.answered(this.outcome(answer));
  }

  private async createAppointment() {
    // Mostly the shared consultants, so that two clients sometimes book the same slot at the same moment.
    const own = this.options.ledger.settled("consultant", this.owner);
    const consultantId =
      (Math.random() < 0.6 ? pick(this.options.anchors) : pick(own)?.key) ?? pick(this.options.anchors);
    if (!consultantId) return this.createConsultant();
    sequence += 1;
    const guidId = randomUUID();
    const booking = { consultantId, appointmentDate: futureDate(), appointmentTime: pick(SLOTS) as string };
    const description = `Visa consultation ${runId} ${sequence}`;
    const record = this.options.ledger.creating("appointment", guidId, this.owner);
    record.booking = booking;
    const write = beginWrite(record, { present: true, label: description });
    const answer = await this.send("create appointment", "POST", "/api/v2/userAppointment", {
      guidId,
      ...booking,
      description,
    });
    write.answered(this.outcome(answer));
    if ("status" in answer && answer.status === 201) {
      record.guidId = guidId;
      record.id = Number(answer.body.id);
      this.options.stats.createsAcknowledged += 1;
    }
  }

  private async editAppointment() {
    const record = pick(
      this.options.ledger.settled("appointment", this.owner).filter((r) => r.id && r.booking),
    );
    if (!record?.booking) return this.createAppointment();
    const description = `Visa consultation, edited ${Math.random().toString(36).slice(2, 7)}`;
    const write = beginWrite(record, { present: true, label: description });
    const answer = await this.send("edit appointment", "PUT", "/api/v2/userAppointment/update-appointment", {
      id: record.id,
      ...record.booking,
      description,
    });
    write.answered(this.outcome(answer));
  }

  private async deleteAppointment() {
    const record = pick(this.options.ledger.settled("appointment", this.owner).filter((r) => r.id));
    if (!record) return this.createAppointment();
    const write = beginWrite(record, { present: false, label: "" });
    const answer = await this.send("delete appointment", "DELETE", `/api/v2/userAppointment/${record.id}`);
    write.answered(this.outcome(answer));
  }

  private async createAppUser() {
    sequence += 1;
    const email = `app-user-${runId}-${sequence}@example.com`;
    const fields = {
      UserName: `app${runId}${sequence}`,
      Email: email,
      FirstName: `Ayesha ${sequence}`,
      LastName: "Khan",
      PhoneNumber: "+92 301 7654321",
      DateOfBirth: "1991-06-15",
      // Unique per run: the five-digit group from the sequence's high part, seven digits from its low part.
      cnic: `${10000 + Math.floor(sequence / 1e7)}-${String(sequence % 1e7).padStart(7, "0")}-${sequence % 10}`,
      Address: "12 Mall Road, Lahore",
    };
    const record = this.options.ledger.creating("appUser", email, this.owner);
    record.fields = fields;
    const write = beginWrite(record, { present: true, label: fields.FirstName });
    const answer = await this.send(
      "create app user",
      "POST",
      "/api/v2/User/adduser",
      form({ ...fields, Password: `Load-${randomUUID()}` }),
    );
    write.answered(this.outcome(answer));
    if ("status" in answer && answer.status === 201) {
      record.guidId = String(answer.body.guidId);
      this.options.stats.createsAcknowledged += 1;
    }
  }

  private async editAppUser() {
    const record = pick(this.options.ledger.settled("appUser", this.owner));
    if (!record?.fields || !record.guidId) return this.createAppUser();
    const fields = { ...record.fields, FirstName: `Ayesha ${Math.random().toString(36).slice(2, 7)}` };
    const write = beginWrite(record, { present: true, label: fields.FirstName });
    const answer = await this.send(
      "edit app user",
      "PUT",
      `/api/v2/User/update-user?id=${record.guidId}`,
      form(fields),
    );
    write.answered(this.outcome(answer));
    if (this.outcome(answer) === "done") record.fields = fields;
  }

  private async deleteAppUser() {
    const record = pick(this.options.ledger.settled("appUser", this.owner));
    if (!record?.guidId) return this.createAppUser();
    const write = beginWrite(record, { present: false, label: "" });
    const answer = await this.send("delete app user", "DELETE", `/api/v2/User/users/${record.guidId}`);
    write.answered(this.outcome(answer));
  }
}

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}
