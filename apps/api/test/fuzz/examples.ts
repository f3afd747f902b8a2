import fc from "fast-check";
import { hostileText } from "./hostile";
import type { Samples } from "./support";

/**
 * Valid inputs of the product's bodies and forms, as the web app sends them. Random values seldom pass
 * every rule of a form, so the fuzzers also send these with a few fields swapped for hostile or random
 * values: many such requests are accepted, and the services and the database then meet the hostile text.
 * Keyed by "METHOD url" as the route is registered; a route without one is fuzzed from its schema alone.
 */
export function examples(samples: Samples): Record<string, fc.Arbitrary<Record<string, unknown>>> {
  const consultant = samples.consultant[0] ?? "";
  const unique = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"),
    minLength: 8,
    maxLength: 8,
  });
  const day = fc
    .integer({ min: 1, max: 300 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  const slot = fc.integer({ min: 0, max: 19 }).map((i) => {
    const minutes = 9 * 60 + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  });
  const consultantForm = unique.map((id) => ({
    Name: `Amina Khan ${id}`,
    BusinessName: "Khan Visa Advisers",
    AboutInfo: "Student and work visas since 2010",
    website: "https://khan-visas.example.com",
    Address: "12 Mall Road, Lahore",
    country: "canada,uk",
    VisaOffer: "Student, Work",
    Services: "Consultation,Filing",
    Fee: "149.99",
    Tags: "student,work",
    ContactEmail: `amina.${id}@example.com`,
    PhoneNumber: "+92 300 1234567",
    OfficeNumber: "+92 42 1234567",
    timing: "09:00 - 17:00",
    experience: "12",
    Rating: "4.5",
    satisfiedClients: "300",
    IsApproved: "true",
    IsPremium: "false",
  }));
  const appUserForm = unique.map((id) => ({
    UserName: `user${id}`,
    Email: `user.${id}@example.com`,
    FirstName: "Bilal",
    LastName: "Ahmed",
    PhoneNumber: "+92 300 7654321",
    DateOfBirth: "1990-05-17",
    cnic: "35202-1234567-1",
    Address: "House 4, Street 9, Islamabad",
    Password: "Tr0ub4dor&3-horse",
  }));
  return {
    "POST /api/v2/Consultants/register": consultantForm,
    "PUT /api/v2/Consultants/update": consultantForm.map((form) => ({ ...form, GuidId: consultant })),
    "POST /api/v2/User/adduser": appUserForm,
    "PUT /api/v2/User/update-user": appUserForm,
    "POST /api/v2/connect/register": unique.map((id) => ({
      UserName: `staff${id}`,
      Email: `staff.${id}@example.com`,
      FirstName: "Sara",
      LastName: "Malik",
      PhoneNumber: "+92 321 0000000",
      Password: "Tr0ub4dor&3-horse",
    })),
    "POST /api/v2/userAppointment/": fc.record({
      consultantId: fc.constant(consultant),
      appointmentDate: day,
      appointmentTime: slot,
      description: fc.constant("Student visa consultation"),
    }),
    "POST /api/v2/Consultants/consultanttimings": fc.constant({
      id: 0,
      consultantId: consultant,
      monday: "09:00 - 17:00",
      tuesday: "09:00 - 17:00",
    }),
    "POST /api/v2/Consultants/consultantaddresses": fc.constant({
      id: 0,
      consultantId: consultant,
      address: "12 Mall Road",
      city: "Lahore",
      state: "Punjab",
      country: "Pakistan",
      zipCode: "54000",
    }),
  };
}

/** An example with up to three of its fields swapped for hostile text or any value, or removed. */
export function mutated(
  example: fc.Arbitrary<Record<string, unknown>>,
  anyValue: fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const change = fc.tuple(
    fc.nat(),
    fc.oneof(
      { weight: 3, arbitrary: hostileText as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: anyValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  );
  return fc.tuple(example, fc.array(change, { maxLength: 3 })).map(([body, changes]) => {
    const out: Record<string, unknown> = { ...body };
    const keys = Object.keys(body);
    for (const [index, value] of changes) {
      const key = keys[index % keys.length] as string;
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out;
  });
}
