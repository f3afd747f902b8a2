import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";
import { inlineParameters } from "./csv-copy";

describe("a COPY statement's parameters", () => {
  it("are written as quoted literals where the placeholders stand", () => {
    expect(inlineParameters("select * from t where a = $1 and b > $2 limit $3", ["x", 5, 200])).toBe(
      "select * from t where a = 'x' and b > '5' limit '200'",
    );
    expect(inlineParameters("select $1, $2, $3", [true, null, new Date(Date.UTC(2030, 0, 2))])).toBe(
      "select true, null, '2030-01-02T00:00:00.000Z'",
    );
  });

  it("cannot break out of their literal", () => {
    expect(inlineParameters("select $1", ["'; drop table users; --"])).toBe(
      "select '''; drop table users; --'",
    );
    expect(inlineParameters("select $1", ["a\\'b"])).toBe("select  E'a\\\\''b'");
  });

  it("leave quoted text and identifiers that look like placeholders alone, and count past $9", () => {
    const values = Array.from({ length: 11 }, (_, n) => `v${n + 1}`);
    expect(inlineParameters(`select '$1 ''$2''', "col$3", $11, $1`, values)).toBe(
      `select '$1 ''$2''', "col$3", 'v11', 'v1'`,
    );
  });

  it("refuse what they cannot write faithfully", () => {
    expect(() => inlineParameters("select $1", [{ a: 1 }])).toThrow(/cannot be written/);
    expect(() => inlineParameters("select $1", [Number.NaN])).toThrow(/cannot be written/);
    expect(() => inlineParameters("select $2", ["x"])).toThrow(/no value for \$2/);
    expect(() => inlineParameters("select 'open", [])).toThrow(/unterminated/);
  });
});

/**
 * The file, byte for byte, on awkward values: the same on both engines (PostgreSQL writes it with COPY,
 * SQLite from pages of rows), and on PostgreSQL the same as its own page reader would write.
 */
describe("an export's bytes", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const guid = randomUUID();
  const userGuid = randomUUID();
  const appointmentGuid = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await t.signIn("Admin")).headers;
    await t.db.kysely
      .insertInto("consultants")
      .values({
        guidId: guid,
        name: 'Smith, "Junior"',
        businessName: "=SUM(A1:A9)",
        contactEmail: "@mention",
        phoneNumber: "+92 300 1234567",
        officeNumber: "-1",
        country: "",
        website: "\tTabbed",
        address: "Line one\nLine two",
        visaOffer: "\rCarriage",
        services: "Zoë — 東京 \\ $1 'quoted'",
        fee: 1234.56,
        experience: 0,
        rating: 0.30000000000000004,
        isApproved: true,
        isPremium: false,
        createdAt: "2030-01-02T03:04:05.678Z",
        updatedAt: "2030-01-02T03:04:05.678Z",
      })
      .execute();
    const consultant = await t.db.kysely
      .selectFrom("consultants")
      .select("id")
      .where("guidId", "=", guid)
      .executeTakeFirstOrThrow();
    const user = await t.db.kysely
      .insertInto("users")
      .values({
        guidId: userGuid,
        userName: "smith.user",
        email: "smith.user@example.com",
        firstName: "-Dash",
        lastName: "",
        phoneNumber: null,
        dateOfBirth: "1990-05-06",
        cnic: "42101-1234567-1",
        address: 'Flat 2, "Rose" Court',
        passwordHash: "not-exported",
        role: "AppUser",
        status: "active",
        suspendedAt: "2030-01-03T00:00:00.000Z",
        createdAt: "2030-01-02T03:04:05.009Z",
        updatedAt: "2030-01-02T03:04:05.009Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto("appointments")
      .values({
        guidId: appointmentGuid,
        userId: user.id,
        consultantId: consultant.id,
        userEmail: "smith.user@example.com",
        consultantName: 'Smith, "Junior"',
        appointmentDate: "2031-02-03",
        appointmentTime: "09:30:00",
        description: '+ visa, "urgent"',
        supportContact: null,
        isConfirmed: true,
        isCancelled: false,
        isPaid: false,
        createdAt: "2030-01-02T03:04:05.100Z",
        updatedAt: "2030-01-02T03:04:05.100Z",
        startsAt: "2031-02-03T04:30:00.000Z",
        endsAt: "2031-02-03T05:00:00.000Z",
      })
      .execute();
  });
  afterAll(() => t.close());

  const exported = async (query: string, list = "Consultants/consultants") => {
    const response = await t.app.inject({ method: "GET", url: `/api/v2/${list}/export${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  /** On PostgreSQL, the export written by its page reader too, which the export uses where there is no COPY. */
  async function expectSameFromPages(query: string, list: string, expected: Buffer) {
    const copyOut = t.db.copyOut;
    expect(copyOut === undefined).toBe(t.db.dialect === "sqlite");
    if (!copyOut) return;
    t.db.copyOut = undefined;
    try {
      expect((await exported(query, list)).toString()).toBe(expected.toString());
    } finally {
      t.db.copyOut = copyOut;
    }
  }

  it("are the same whichever way the database writes them", async () => {
    const query = `?search=${encodeURIComponent("Smith")}&sort=name`;
    const expected = Buffer.from(
      "\ufeffId,Name,Business Name,Email,Phone,Office Number,Countries,Website,Address,Visa Offer,Services,Fee,Experience,Rating,Approved,Premium,Languages spoken,Created At\n" +
        `${guid},"Smith, ""Junior""",'=SUM(A1:A9),'@mention,'+92 300 1234567,'-1,,'\tTabbed,"Line one\nLine two","'\rCarriage",` +
        `Zoë — 東京 \\ $1 'quoted',1234.56,0,0.30000000000000004,true,false,,2030-01-02T03:04:05.678Z\n`,
    );
    expect((await exported(query)).toString()).toBe(expected.toString());
    await expectSameFromPages(query, "Consultants/consultants", expected);
  });

  it("are the same for accounts, the status a suspension gives included", async () => {
    const query = "?role=AppUser&search=smith.user";
    const expected = Buffer.from(
      "\ufeffId,User Name,Email,First Name,Last Name,Phone,Date of Birth,CNIC,Address,Role,Status,Created At\n" +
        `${userGuid},smith.user,smith.user@example.com,'-Dash,,,1990-05-06,42101-1234567-1,"Flat 2, ""Rose"" Court",` +
        "AppUser,suspended,2030-01-02T03:04:05.009Z\n",
    );
    expect((await exported(query, "User/users")).toString()).toBe(expected.toString());
    await expectSameFromPages(query, "User/users", expected);
  });

  it("are the same for appointments, the time zone and the status included", async () => {
    const query = `?consultantId=${guid}`;
    const expected = Buffer.from(
      "\ufeffId,Date,Time,Time Zone,User,Consultant,Consultant Email,Description,Support Contact,Status,Paid,Attendance,Created At\n" +
        `${appointmentGuid},2031-02-03,09:30:00,${t.config.businessTimeZone},smith.user@example.com,"Smith, ""Junior""",` +
        `'@mention,"'+ visa, ""urgent""",,Confirmed,false,,2030-01-02T03:04:05.100Z\n`,
    );
    expect((await exported(query, "userAppointment/appointments")).toString()).toBe(expected.toString());
    await expectSameFromPages(query, "userAppointment/appointments", expected);
  });

  it("stop in the database when the download stops, and a failed COPY fails its stream", async () => {
    const copyOut = t.db.copyOut;
    expect(copyOut === undefined).toBe(t.db.dialect === "sqlite");
    if (!copyOut) return;
    const marker = `csv_copy_test_${Date.now()}`;
    const running = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where state = 'active' and query like ${`%${marker}%`} and pid <> pg_backend_pid()`.execute(
            t.db.kysely,
          )
        ).rows[0]!.n,
      );
    for (let n = 0; n < 3; n += 1) {
      const stream = copyOut(
        `copy (select repeat('x', 1000) as ${marker} from generate_series(1, 10000000)) to stdout`,
      );
      for await (const _chunk of stream) break; // the first bytes, then the client goes away
    }
    for (let wait = 0; (await running()) > 0 && wait < 50; wait += 1)
      await new Promise((r) => setTimeout(r, 100));
    expect(await running()).toBe(0);
    const failed = copyOut("copy (select no_such_column from consultants) to stdout");
    await expect(async () => {
      for await (const _chunk of failed);
    }).rejects.toThrow(/no_such_column/);
    expect((await exported("?search=nobody")).length).toBeGreaterThan(0);
  });

  it("hold only the header when nothing matches", async () => {
    expect((await exported("?search=nobody-has-this-name")).toString()).toMatch(
      /^\ufeffId,Name,.*Created At\n$/,
    );
  });
});
