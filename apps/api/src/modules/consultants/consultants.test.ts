import { randomUUID } from "node:crypto";
import { serverMessages } from "@visadesk/contract/common-constants";
import { consultantMessages, upcomingAppointmentsMessage } from "@visadesk/contract/consultants-constants";
import { phoneNumberMessages } from "@visadesk/contract/phone-number";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentWindow } from "#api/lib/schedule";
import { JPEG_1PX, OVERSIZED_PNG, PNG_1PX, TEXT_AS_PNG } from "#test/fixtures";
import { countFiles, createTestApp, multipart, type TestApp, testClock } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
let userName: string;
const clock = testClock(new Date("2030-03-10T12:00:00Z"));
beforeAll(async () => {
  t = await createTestApp({ clock, config: { businessTimeZone: "UTC" } });
  const admin = await t.signIn("Admin");
  headers = admin.headers;
  userName = admin.user.userName;
});
afterAll(() => t.close());

type Fields = Record<string, string | number | boolean | undefined>;
type Files = Parameters<typeof multipart>[1];

/** The multipart form, as the web form sends it. */
const consultantForm = (overrides: Fields = {}): Fields => ({
  Name: `Amina Khan ${randomUUID().slice(0, 8)}`,
  BusinessName: "Khan Visa Advisers",
  AboutInfo: "Student and work visas since 2010",
  website: "https://khan-visas.example.com",
  Address: "12 Mall Road, Lahore",
  country: "canada,uk",
  VisaOffer: "Student, Work",
  Services: "Consultation,Filing,Interview prep",
  Fee: "149.99",
  Tags: "student,work",
  ContactEmail: "amina@khan-visas.example.com",
  PhoneNumber: "+92 300 1234567",
  OfficeNumber: "+92 42 1234567",
  timing: "09:00 - 17:00",
  experience: "12",
  Rating: "4.5",
  satisfiedClients: "830",
  IsApproved: "true",
  IsPremium: "false",
  ...overrides,
});

const register = (fields: Fields, files: Files = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/Consultants/register",
    ...withHeaders(fields, files),
  });
const update = (fields: Fields, files: Files = {}) =>
  t.app.inject({ method: "PUT", url: "/api/v2/Consultants/update", ...withHeaders(fields, files) });
function withHeaders(fields: Fields, files: Files) {
  const body = multipart(fields, files);
  return { payload: body.payload, headers: { ...headers, ...body.headers } };
}
const png = { fileName: "logo.png", content: PNG_1PX, contentType: "image/png" };
const jpeg = { fileName: "face.jpg", content: JPEG_1PX, contentType: "image/jpeg" };

async function createConsultant(overrides: Fields = {}) {
  const response = await register(consultantForm(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe("POST /api/v2/Consultants/register", () => {
  it("adds a consultant from the spec's multipart fields and answers it with entity field names", async () => {
    const guidId = randomUUID();
    const form = consultantForm({ GuidId: guidId });
    const response = await register(form, { Logo: png, ProfilePic: jpeg, ProfilePicThumbnail: jpeg });
    expect(response.statusCode).toBe(201);
    const consultant = response.json();
    expect(consultant).toMatchObject({
      guidId,
      id: expect.any(Number),
      name: form.Name,
      businessName: "Khan Visa Advisers",
      aboutInfo: "Student and work visas since 2010",
      website: "https://khan-visas.example.com",
      address: "12 Mall Road, Lahore",
      country: "canada,uk",
      visaOffer: "Student, Work",
      services: "Consultation,Filing,Interview prep",
      fee: 149.99,
      tags: "student,work",
      contactEmail: "amina@khan-visas.example.com",
      phoneNumber: "+92 300 1234567",
      officeNumber: "+92 42 1234567",
      timing: "09:00 - 17:00",
      experience: 12,
      rating: 4.5,
      satisfiedClients: 830,
      isApproved: true,
      isPremium: false,
      createdBy: userName,
      updatedBy: userName,
    });
    // Stored under server-made names; the answer keeps relative paths.
    expect(consultant.logoURL).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    expect(consultant.profilePic).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    expect(consultant.profilePicThumbnail).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    const logo = await t.app.inject({ method: "GET", url: consultant.logoURL });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/webp");
    // Re-encoded on upload as WebP (files.test.ts): still 1x1.
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1, height: 1 });
  });

  it("makes a guidId when none is sent and leaves optional fields empty", async () => {
    const response = await register({
      Name: "Only Required",
      BusinessName: "Minimal Ltd",
      ContactEmail: "min@example.com",
      PhoneNumber: "123",
      IsApproved: "",
      IsPremium: "",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      guidId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      website: null,
      country: null,
      fee: null,
      rating: null,
      isApproved: false,
      isPremium: false,
      logoURL: null,
    });
  });

  it("answers 400 with the spec's messages for each missing required field", async () => {
    const response = await register({ AboutInfo: "nothing else" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Please fill in all required fields",
      code: "validation_failed",
      fieldErrors: {
        name: "Name is required",
        businessName: "Business name is required",
        contactEmail: "Contact email is required",
        phoneNumber: "Phone number is required",
      },
    });
  });

  it("enforces every rule of the form: rating, fee, experience, clients, website, email, countries", async () => {
    const response = await register(
      consultantForm({
        Rating: "5.5",
        Fee: "10.555",
        experience: "-1",
        satisfiedClients: "2.5",
        website: "not a url",
        ContactEmail: "not-an-email",
        country: "canada,atlantis",
        GuidId: "not-a-guid",
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      rating: "Rating must be between 0 and 5",
      fee: "Fee can have at most two decimals",
      experience: "Experience must be a whole number of at least 0",
      satisfiedClients: "Satisfied clients must be a whole number of at least 0",
      website: "Website must be a valid URL",
      contactEmail: "Invalid email address",
      country: "Choose countries from the list",
      guidId: "GuidId must be a valid id",
    });
    const negative = await register(consultantForm({ Fee: "-1", Rating: "-0.1" }));
    expect(negative.json().fieldErrors).toEqual({
      fee: "Fee must be a number of at least 0",
      rating: "Rating must be between 0 and 5",
    });
    // Rating step 0.1, so a second decimal is refused as the fee's third one is.
    const finer = await register(consultantForm({ Rating: "4.55" }));
    expect(finer.statusCode).toBe(400);
    expect(finer.json().fieldErrors).toEqual({ rating: "Rating can have at most one decimal" });
    const words = await register(consultantForm({ Fee: "cheap" }));
    expect(words.json().fieldErrors).toEqual({ fee: "Fee must be a number of at least 0" });
    // Found by the fuzz tests: past the integer columns' range these were a 500 on PostgreSQL.
    const huge = await register(consultantForm({ experience: "2147483648", satisfiedClients: "3000000000" }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fieldErrors).toEqual({
      experience: "Experience is too large",
      satisfiedClients: "Satisfied clients is too large",
    });
  });

  it("refuses a phone or office number that is not one, and takes the usual ways of writing one", async () => {
    const response = await register(consultantForm({ PhoneNumber: "xyz", OfficeNumber: "call us" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      phoneNumber: phoneNumberMessages.phoneNumberInvalid,
      officeNumber: phoneNumberMessages.officeNumberInvalid,
    });
    for (const phone of ["+92 300 1234567", "0300-1234567", "(042) 111.222.333", "+1 555 0100 ext 12"]) {
      const accepted = await register(consultantForm({ PhoneNumber: phone, OfficeNumber: "" }));
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json()).toMatchObject({ phoneNumber: phone, officeNumber: null });
    }
  });

  it("accepts the edges: rating 0 and 5, fee 0 with two decimals, experience 0", async () => {
    for (const [rating, fee] of [
      ["0", "0"],
      ["5", "0.01"],
    ]) {
      const response = await register(consultantForm({ Rating: rating, Fee: fee, experience: "0" }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ rating: Number(rating), fee: Number(fee), experience: 0 });
    }
  });

  it("refuses a second consultant with the same GuidId with 409", async () => {
    const guidId = randomUUID();
    await createConsultant({ GuidId: guidId });
    const again = await register(consultantForm({ GuidId: guidId }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A consultant with this GuidId already exists");
  });

  it("keeps no uploaded image when the save is refused with 409", async () => {
    const guidId = randomUUID();
    await createConsultant({ GuidId: guidId });
    const before = await countFiles(t);
    const again = await register(consultantForm({ GuidId: guidId }), { Logo: png, ProfilePic: jpeg });
    expect(again.statusCode).toBe(409);
    expect(await countFiles(t)).toBe(before);
  });

  it("checks uploads by content: a text file named .png is 415, a file over 5 MB is 413", async () => {
    const fake = await register(consultantForm(), {
      Logo: { fileName: "logo.png", content: TEXT_AS_PNG, contentType: "image/png" },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(serverMessages.fileTypePngJpeg);
    const big = await register(consultantForm(), {
      ProfilePic: { fileName: "big.png", content: OVERSIZED_PNG, contentType: "image/png" },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(serverMessages.fileTooLarge);
  });

  it("refuses a GIF logo: png and jpeg only", async () => {
    const { GIF_1PX } = await import("#test/fixtures");
    const gif = await register(consultantForm(), {
      Logo: { fileName: "logo.gif", content: GIF_1PX, contentType: "image/gif" },
    });
    expect(gif.statusCode).toBe(415);
  });

  it("needs a signed-in back-office user", async () => {
    const body = multipart(consultantForm());
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v2/Consultants/register",
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({ method: "GET", url: "/api/v2/Consultants/consultants" });
    expect(list.statusCode).toBe(401);
    const staff = await t.signIn("Staff");
    const asStaff = await t.app.inject({
      method: "GET",
      url: "/api/v2/Consultants/consultants?page=1",
      headers: staff.headers,
    });
    expect(asStaff.statusCode).toBe(200);
  });
});

describe("GET /api/v2/Consultants/{id}", () => {
  it("answers one consultant by guidId with empty timings and addresses", async () => {
    const created = await createConsultant();
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${created.guidId}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, timings: [], addresses: [], noShowCount: 0 });
  });

  it("answers 404 for an unknown guidId", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${randomUUID()}`,
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(consultantMessages.notFound);
  });

  // Found by the fuzz tests: PostgreSQL refused the out-of-range number with an error, a 500.
  it("answers 404 for digits past any row id, and for the largest id there can be", async () => {
    for (const id of ["99999999999999999999999", "2147483648", "2147483647"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${id}`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(consultantMessages.notFound);
    }
  });
});

describe("PUT /api/v2/Consultants/update", () => {
  it("updates every field by GuidId and keeps the existing images when no file is sent", async () => {
    const created = (await register(consultantForm(), { Logo: png, ProfilePic: jpeg })).json();
    const response = await update(
      consultantForm({
        GuidId: created.guidId,
        Name: "Renamed Consultant",
        country: "japan",
        Fee: "99",
        IsPremium: "true",
        website: "",
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      guidId: created.guidId,
      id: created.id,
      name: "Renamed Consultant",
      country: "japan",
      fee: 99,
      isPremium: true,
      website: null,
      logoURL: created.logoURL,
      profilePic: created.profilePic,
      createdAt: created.createdAt,
    });
  });

  it("replaces an image when a new file is sent", async () => {
    const created = (await register(consultantForm(), { Logo: png })).json();
    const response = await update(consultantForm({ GuidId: created.guidId }), {
      Logo: { ...jpeg, fileName: "new-logo.jpg" },
    });
    expect(response.json().logoURL).toMatch(/\.webp$/);
    expect(response.json().logoURL).not.toBe(created.logoURL);
  });

  it("answers 400 without GuidId, 404 for an unknown one, and validates like register", async () => {
    const missing = await update(consultantForm());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ guidId: "GuidId is required" });
    const unknown = await update(consultantForm({ GuidId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    const created = await createConsultant();
    const invalid = await update(consultantForm({ GuidId: created.guidId, Name: " ", Rating: "9" }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({
      name: "Name is required",
      rating: "Rating must be between 0 and 5",
    });
  });
});

describe("DELETE /api/v2/Consultants/{id}", () => {
  async function book(consultantId: number, appointmentDate: string, isCancelled = false) {
    const user = await t.createAccount({ role: "AppUser" });
    const appointmentTime = `${String(9 + Math.floor(Math.random() * 9)).padStart(2, "0")}:${Math.random() < 0.5 ? "00" : "30"}:00`;
    await t.db.kysely
      .insertInto("appointments")
      .values({
        guidId: randomUUID(),
        userId: user.id,
        consultantId,
        appointmentDate,
        appointmentTime,
        ...appointmentWindow(appointmentDate, appointmentTime, "Asia/Karachi"),
        description: "Visa interview preparation",
        isConfirmed: false,
        isCancelled,
        isPaid: false,
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      })
      .execute();
  }
  const remove = (guidId: string, query = "") =>
    t.app.inject({ method: "DELETE", url: `/api/v2/Consultants/${guidId}${query}`, headers });

  it("soft-deletes: the consultant leaves the list, its page and the dashboard count", async () => {
    const created = await createConsultant();
    const before = (await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers })).json();
    const response = await remove(created.guidId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Consultant deleted successfully",
      cancelledAppointments: 0,
      keptAppointments: 0,
    });
    const after = (await t.app.inject({ method: "GET", url: "/api/v2/Dashboard/stats", headers })).json();
    expect(after.consultants).toBe(before.consultants - 1);
    const page = await t.app.inject({ method: "GET", url: `/api/v2/Consultants/${created.guidId}`, headers });
    expect(page.statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/api/v2/Consultants/consultants", headers });
    expect(list.json().data.map((c: { guidId: string }) => c.guidId)).not.toContain(created.guidId);
    // Soft: the row is still there, marked deleted.
    const row = await t.db.kysely
      .selectFrom("consultants")
      .select(["deletedAt", "updatedBy"])
      .where("guidId", "=", created.guidId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deletedAt: clock.now().toISOString(), updatedBy: userName });
    expect((await remove(created.guidId)).statusCode).toBe(404);
  });

  it("counts upcoming appointments that are not cancelled and needs a decision on them", async () => {
    const created = await createConsultant();
    await book(created.id, "2030-03-09"); // yesterday: not upcoming
    await book(created.id, "2030-03-12", true); // cancelled
    const impact = () =>
      t.app.inject({ method: "GET", url: `/api/v2/Consultants/${created.guidId}/deletion-impact`, headers });
    expect((await impact()).json()).toEqual({ upcomingAppointments: 0 });
    await book(created.id, "2030-03-10"); // today
    await book(created.id, "2030-04-01");
    expect((await impact()).json()).toEqual({ upcomingAppointments: 2 });

    const refused = await remove(created.guidId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(upcomingAppointmentsMessage(2));
    expect(refused.json().message).toBe(
      'This consultant has 2 upcoming appointments. Choose whether to cancel them or keep them flagged "consultant removed".',
    );
    expect(refused.json().fieldErrors).toEqual({ appointments: upcomingAppointmentsMessage(2) });
    // The older confirmation still works, and means keep.
    const confirmed = await remove(created.guidId, "?confirmUpcoming=true");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ cancelledAppointments: 0, keptAppointments: 2 });
  });

  it("answers 404 for an unknown consultant", async () => {
    expect((await remove(randomUUID())).statusCode).toBe(404);
    const impact = await t.app.inject({
      method: "GET",
      url: `/api/v2/Consultants/${randomUUID()}/deletion-impact`,
      headers,
    });
    expect(impact.statusCode).toBe(404);
  });
});
