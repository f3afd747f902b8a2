import { serverMessages } from "@visadesk/contract/common-constants";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFields, registerConsultant, uniqueTag } from "../test/builders";
import { PNG_1PX } from "../test/fixtures";
import { countFiles, createTestApp, multipart, type TestApp, testClock } from "../test/helpers";

/**
 * Optimistic concurrency (migration 009): every editable record answers its version; an update based on
 * an older version is refused with 409 and changes nothing; of two racing updates from one version exactly
 * one wins. Runs on SQLite and, with DATABASE_URL, on PostgreSQL (where the race is a real one).
 */
const STALE = "This record was changed by someone else since you opened it";

let t: TestApp;
let headers: Record<string, string>;
const clock = testClock(new Date("2030-03-10T06:00:00Z"));

beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "Asia/Karachi" } });
  ({ headers } = await t.signIn("Admin"));
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, extra = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
const sendForm = (
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string | number | undefined>,
  extra: Record<string, string> = {},
  files: Parameters<typeof multipart>[1] = {},
) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...headers, ...body.headers, ...extra },
  });
};

/** Each record type: how to make one, read it, and change one of its fields from a given version. */
interface RecordKind {
  name: string;
  create(): Promise<{ key: string; version: number }>;
  read(key: string): Promise<Record<string, unknown>>;
  /** Every list row of the kind, for the version check on lists. */
  listed(key: string): Promise<Record<string, unknown> | undefined>;
  update(key: string, value: string, version: number | undefined): Promise<LightMyRequestResponse>;
  /** The field `update` writes `value` to. */
  field: string;
}

const unique = uniqueTag;
const createConsultant = () => registerConsultant(t.app, headers);
const consultantDetail = async (guidId: string) =>
  (await inject("GET", `/api/v2/Consultants/${guidId}`)).json() as Record<string, unknown> & {
    timings: Array<Record<string, unknown>>;
    addresses: Array<Record<string, unknown>>;
  };

/** The consultant every timing and address of these tests belongs to. */
let owner: { guidId: string };
const timingBody = (id: number, monday: string, version?: number) => ({
  id,
  consultantId: owner.guidId,
  monday,
  ...(version === undefined ? {} : { version }),
});
const addressBody = (id: number, city: string, version?: number) => ({
  id,
  consultantId: owner.guidId,
  address: "1 Mall Road",
  city,
  state: "Punjab",
  country: "Pakistan",
  zipCode: "54000",
  ...(version === undefined ? {} : { version }),
});
/** Phone and CNIC are unique per account: both follow the user name's number. */
const appUserFields = (firstName: string, userName: string, n = Number.parseInt(userName.slice(1), 10)) => ({
  UserName: userName,
  Email: `${userName}@example.com`,
  FirstName: firstName,
  LastName: "Khan",
  PhoneNumber: `+92 300 ${1_000_000 + n}`,
  DateOfBirth: "1990-04-12",
  cnic: `35202-${1_000_000 + n}-1`,
  Address: "12 Mall Road, Lahore",
  Password: "app-user-password",
});
/** Each app user's user name, kept so an update resends it unchanged. */
const userNames = new Map<string, string>();
let appointments = 0;
/** A slot of its own for each appointment (a consultant's slot is booked once). */
const appointmentBody = (description: string) => {
  appointments += 1;
  return {
    consultantId: owner.guidId,
    appointmentDate: `2030-04-${String(1 + (appointments % 28)).padStart(2, "0")}`,
    appointmentTime: `${String(9 + Math.floor(appointments / 28)).padStart(2, "0")}:00`,
    description,
    // The consultant keeps no hours: these tests are about versions, so staff book anyway.
    allowOutsideHours: true,
  };
};
/** Each appointment's create body, kept so an update resends the booking unchanged. */
const appointmentBodies = new Map<string, ReturnType<typeof appointmentBody> & { id: number }>();

/** A timing holds only hours (HH:MM - HH:MM): each label the shared tests write stands for hours of its own. */
const labelHours = new Map<string, string>();
function hoursOfLabel(label: string): string {
  let hours = labelHours.get(label);
  if (!hours) {
    const n = labelHours.size;
    hours = `${String(Math.floor(n / 60) % 23).padStart(2, "0")}:${String(n % 60).padStart(2, "0")} - 23:30`;
    labelHours.set(label, hours);
  }
  return hours;
}
const labelOfHours = (hours: string) => [...labelHours].find(([, known]) => known === hours)?.[0] ?? hours;

const kinds: RecordKind[] = [
  {
    name: "consultant",
    field: "name",
    async create() {
      const created = await createConsultant();
      return { key: created.guidId, version: created.version };
    },
    read: consultantDetail,
    async listed(key) {
      const list = (await inject("GET", "/api/v2/Consultants/consultants")).json().data as Array<
        Record<string, unknown>
      >;
      return list.find((row) => row.guidId === key);
    },
    update: (key, value, version) =>
      sendForm("PUT", "/api/v2/Consultants/update", {
        ...consultantFields({ Name: value }),
        GuidId: key,
        version,
      }),
  },
  {
    name: "consultant timing",
    field: "monday",
    async create() {
      const response = await inject(
        "POST",
        "/api/v2/Consultants/consultanttimings",
        timingBody(0, "09:00 - 17:00"),
      );
      expect(response.statusCode).toBe(200);
      return { key: String(response.json().id), version: response.json().version };
    },
    async read(key) {
      const row = (await consultantDetail(owner.guidId)).timings.find((timing) => String(timing.id) === key)!;
      return { ...row, monday: labelOfHours(row.monday as string) };
    },
    async listed(key) {
      const list = (
        await inject("GET", `/api/v2/Consultants/consultanttimings?consultantId=${owner.guidId}`)
      ).json().data as Array<Record<string, unknown>>;
      return list.find((row) => String(row.id) === key);
    },
    async update(key, value, version) {
      const response = await inject(
        "POST",
        "/api/v2/Consultants/consultanttimings",
        timingBody(Number(key), hoursOfLabel(value), version),
      );
      // The answer read back in labels, like `read`.
      const json = response.json.bind(response);
      return Object.assign(response, {
        json: () => {
          const body = json();
          return body && typeof body.monday === "string"
            ? { ...body, monday: labelOfHours(body.monday) }
            : body;
        },
      });
    },
  },
  {
    name: "consultant address",
    field: "city",
    async create() {
      const response = await inject("POST", "/api/v2/Consultants/consultantaddresses", [
        addressBody(0, "Lahore"),
      ]);
      expect(response.statusCode).toBe(200);
      return { key: String(response.json()[0].id), version: response.json()[0].version };
    },
    async read(key) {
      return (await consultantDetail(owner.guidId)).addresses.find((row) => String(row.id) === key)!;
    },
    async listed(key) {
      const list = (
        await inject("GET", `/api/v2/Consultants/consultantaddresses?consultantId=${owner.guidId}`)
      ).json().data as Array<Record<string, unknown>>;
      return list.find((row) => String(row.id) === key);
    },
    update: (key, value, version) =>
      inject("POST", "/api/v2/Consultants/consultantaddresses", [addressBody(Number(key), value, version)]),
  },
  {
    name: "app user",
    field: "firstName",
    async create() {
      const userName = `v${unique()}`;
      const response = await sendForm("POST", "/api/v2/User/adduser", appUserFields("Ali", userName));
      expect(response.statusCode).toBe(201);
      userNames.set(response.json().guidId, userName);
      return { key: response.json().guidId, version: response.json().version };
    },
    read: async (key) => (await inject("GET", `/api/v2/User/users/${key}`)).json(),
    async listed(key) {
      const list = (await inject("GET", "/api/v2/User/users")).json() as Array<Record<string, unknown>>;
      return list.find((row) => row.guidId === key);
    },
    update: (key, value, version) =>
      sendForm("PUT", `/api/v2/User/update-user?id=${key}`, {
        ...appUserFields(value, userNames.get(key)!),
        GuidId: key,
        version,
      }),
  },
  {
    name: "appointment",
    field: "description",
    async create() {
      const body = appointmentBody("First visit");
      const response = await inject("POST", "/api/v2/userAppointment", body);
      expect(response.statusCode).toBe(201);
      appointmentBodies.set(response.json().guidId, { ...body, id: response.json().id });
      return { key: response.json().guidId, version: response.json().version };
    },
    read: async (key) => (await inject("GET", `/api/v2/userAppointment/${key}`)).json(),
    async listed(key) {
      const list = (await inject("GET", "/api/v2/userAppointment/appointments")).json() as Array<
        Record<string, unknown>
      >;
      return list.find((row) => row.guidId === key);
    },
    update: (key, value, version) =>
      inject("PUT", "/api/v2/userAppointment/update-appointment", {
        ...appointmentBodies.get(key)!,
        description: value,
        ...(version === undefined ? {} : { version }),
      }),
  },
];

beforeAll(async () => {
  owner = await createConsultant();
});

describe.each(kinds)("$name", (kind) => {
  it("answers its version (details and list rows), starting at 1", async () => {
    const { key, version } = await kind.create();
    expect(version).toBe(1);
    expect((await kind.read(key)).version).toBe(1);
    expect((await kind.listed(key))?.version).toBe(1);
  });

  it("of two updates from the same version, the second is refused with 409 and changes nothing", async () => {
    const { key } = await kind.create();
    const first = await kind.update(key, "Changed by A", 1);
    expect(first.statusCode).toBe(200);
    const firstRecord = Array.isArray(first.json()) ? first.json()[0] : first.json();
    expect(firstRecord.version).toBe(2);
    expect(firstRecord[kind.field]).toBe("Changed by A");

    const second = await kind.update(key, "Changed by B", 1);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: STALE, code: "stale_version" });
    expect(serverMessages.staleVersion).toBe(STALE);
    const stored = await kind.read(key);
    expect(stored[kind.field]).toBe("Changed by A");
    expect(stored.version).toBe(2);
    expect((await kind.listed(key))?.version).toBe(2);
  });

  it("each accepted update adds one; one based on the new version is accepted", async () => {
    const { key } = await kind.create();
    expect((await kind.update(key, "One", 1)).statusCode).toBe(200);
    const again = await kind.update(key, "Two", 2);
    expect(again.statusCode).toBe(200);
    expect((await kind.read(key)).version).toBe(3);
    expect((await kind.read(key))[kind.field]).toBe("Two");
  });

  it("of concurrent updates from one version, exactly one wins", async () => {
    const { key } = await kind.create();
    const values = ["Racer 1", "Racer 2", "Racer 3", "Racer 4"];
    const answers = await Promise.all(values.map((value) => kind.update(key, value, 1)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = values[answers.findIndex((answer) => answer.statusCode === 200)];
    const stored = await kind.read(key);
    expect(stored[kind.field]).toBe(winner);
    expect(stored.version).toBe(2);
  });

  it("without a version the update is not checked (the spec's own calls send none)", async () => {
    const { key } = await kind.create();
    expect((await kind.update(key, "Checked", 1)).statusCode).toBe(200);
    const unchecked = await kind.update(key, "Unchecked", undefined);
    expect(unchecked.statusCode).toBe(200);
    expect((await kind.read(key))[kind.field]).toBe("Unchecked");
    expect((await kind.read(key)).version).toBe(3);
  });
});

describe("If-Match", () => {
  it('takes "<version>" as the version of an update', async () => {
    const { guidId } = await createConsultant();
    const update = (name: string, ifMatch: string) =>
      sendForm(
        "PUT",
        "/api/v2/Consultants/update",
        { ...consultantFields({ Name: name }), GuidId: guidId },
        { "if-match": ifMatch },
      );
    expect((await update("By header", '"1"')).statusCode).toBe(200);
    const stale = await update("Stale header", '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE);
    expect((await update("Weak tag", 'W/"2"')).statusCode).toBe(200);
    expect((await consultantDetail(guidId)).name).toBe("Weak tag");
    const malformed = await update("Bad header", "2");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ version: serverMessages.ifMatchInvalid });
  });
});

describe("what moves a version", () => {
  it("a consultant's version moves with its own fields only, not with its timings or addresses", async () => {
    const consultant = await createConsultant();
    const timing = await inject("POST", "/api/v2/Consultants/consultanttimings", {
      id: 0,
      consultantId: consultant.guidId,
      monday: "09:00 - 17:00",
    });
    expect(timing.statusCode).toBe(200);
    const address = await inject("POST", "/api/v2/Consultants/consultantaddresses", [
      { ...addressBody(0, "Karachi"), consultantId: consultant.guidId },
    ]);
    expect(address.statusCode).toBe(200);
    const detail = await consultantDetail(consultant.guidId);
    expect(detail.version).toBe(1);
    expect(detail.timings[0]?.version).toBe(1);
    // So an edit of the consultant opened before its hours changed still saves.
    const update = await sendForm("PUT", "/api/v2/Consultants/update", {
      ...consultantFields({ Name: "Still mine" }),
      GuidId: consultant.guidId,
      version: 1,
    });
    expect(update.statusCode).toBe(200);
  });

  it("a refused consultant update stores none of its images", async () => {
    const { guidId } = await createConsultant();
    expect(
      (
        await sendForm("PUT", "/api/v2/Consultants/update", {
          ...consultantFields({ Name: "A" }),
          GuidId: guidId,
          version: 1,
        })
      ).statusCode,
    ).toBe(200);
    const files = await countFiles(t);
    const refused = await sendForm(
      "PUT",
      "/api/v2/Consultants/update",
      { ...consultantFields({ Name: "B" }), GuidId: guidId, version: 1 },
      {},
      { Logo: { fileName: "logo.png", content: PNG_1PX, contentType: "image/png" } },
    );
    expect(refused.statusCode).toBe(409);
    expect(await countFiles(t)).toBe(files);
    expect((await consultantDetail(guidId)).logoURL).toBeNull();
  });
});

describe("deletes and status changes based on a stale view", () => {
  it("a soft delete of a timing or an address from an old version is refused", async () => {
    const timing = (
      await inject("POST", "/api/v2/Consultants/consultanttimings", timingBody(0, "09:00 - 17:00"))
    ).json();
    expect(
      (
        await inject(
          "POST",
          "/api/v2/Consultants/consultanttimings",
          timingBody(timing.id, "10:00 - 18:00", 1),
        )
      ).statusCode,
    ).toBe(200);
    const deleteTiming = await inject("POST", "/api/v2/Consultants/consultanttimings", {
      ...timingBody(timing.id, "09:00 - 17:00", 1),
      isDeleted: true,
    });
    expect(deleteTiming.statusCode).toBe(409);
    expect((await consultantDetail(owner.guidId)).timings.some((row) => row.id === timing.id)).toBe(true);

    const [address] = (
      await inject("POST", "/api/v2/Consultants/consultantaddresses", [addressBody(0, "Multan")])
    ).json();
    expect(
      (
        await inject("POST", "/api/v2/Consultants/consultantaddresses", [
          addressBody(address.id, "Quetta", 1),
        ])
      ).statusCode,
    ).toBe(200);
    const deleteAddress = await inject("POST", "/api/v2/Consultants/consultantaddresses", [
      { ...addressBody(address.id, "Lahore", 1), isDeleted: true },
    ]);
    expect(deleteAddress.statusCode).toBe(409);
    expect((await consultantDetail(owner.guidId)).addresses.some((row) => row.id === address.id)).toBe(true);
  });

  it("cancelling or deleting an appointment changed since it was read is refused", async () => {
    const kind = kinds.find((candidate) => candidate.name === "appointment")!;
    const { key } = await kind.create();
    expect((await kind.update(key, "Rescheduled by A", 1)).statusCode).toBe(200);
    const cancel = await inject("PUT", "/api/v2/userAppointment/update-appointment", {
      ...appointmentBodies.get(key)!,
      isCancelled: true,
      version: 1,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(STALE);
    expect((await kind.read(key)).isCancelled).toBe(false);

    const staleDelete = await inject("DELETE", `/api/v2/userAppointment/${key}?version=1`);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json().message).toBe(STALE);
    expect((await inject("GET", `/api/v2/userAppointment/${key}`)).statusCode).toBe(200);

    const headerDelete = await inject("DELETE", `/api/v2/userAppointment/${key}`, undefined, {
      "if-match": '"1"',
    });
    expect(headerDelete.statusCode).toBe(409);
    const currentDelete = await inject("DELETE", `/api/v2/userAppointment/${key}?version=2`);
    expect(currentDelete.statusCode).toBe(200);
    expect((await inject("GET", `/api/v2/userAppointment/${key}`)).statusCode).toBe(404);
  });
});
