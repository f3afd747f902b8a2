import { randomInt } from "node:crypto";
import { CONSULTANT_MULTIPART_FIELDS } from "@visadesk/contract/consultant-field-maps-constants";
import {
  CONSULTANT_FIELD_DECLARATIONS,
  type ConsultantField,
} from "@visadesk/contract/consultant-fields-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "#test/builders";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.signIn("Admin")).headers;
});
afterAll(() => t.close());

/** A value no other consultant holds in any field, as a search would type it. */
const token = `q${randomInt(10 ** 8, 10 ** 9)}`;
const digits = String(randomInt(10 ** 7, 10 ** 8));
const values: Partial<Record<ConsultantField, { sent: string; searched: string }>> = {
  name: { sent: `Amina ${token}n`, searched: `${token}n` },
  businessName: { sent: `Visas ${token}b`, searched: `${token}b` },
  contactEmail: { sent: `${token}e@example.com`, searched: `${token}e` },
  phoneNumber: { sent: `+92 ${digits}`, searched: digits },
  officeNumber: {
    sent: `+44 ${digits.split("").reverse().join("")}`,
    searched: digits.split("").reverse().join(""),
  },
  country: { sent: "japan", searched: "japan" },
  aboutInfo: { sent: `About ${token}a`, searched: `${token}a` },
  website: { sent: `https://${token}w.example.com`, searched: `${token}w` },
  address: { sent: `1 ${token}d Street`, searched: `${token}d` },
  visaOffer: { sent: `Offer ${token}v`, searched: `${token}v` },
  services: { sent: `Service ${token}s`, searched: `${token}s` },
  tags: { sent: `tag-${token}t`, searched: `${token}t` },
};

describe("the consultant field declarations", () => {
  let guidId: string;
  beforeAll(async () => {
    const sent = Object.entries(values).map(([field, value]) => [
      CONSULTANT_MULTIPART_FIELDS[field as ConsultantField],
      value.sent,
    ]);
    guidId = (await registerConsultant(t.app, headers, Object.fromEntries(sent))).guidId;
  });

  it.each(Object.keys(values) as ConsultantField[])(
    "%s: the list finds it exactly when it is searchable",
    async (field) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v2/Consultants/consultants?page=1&pageSize=12&search=${encodeURIComponent(values[field]?.searched ?? "")}`,
        headers,
      });
      const found = response.json().data.map((c: { guidId: string }) => c.guidId);
      expect(found.includes(guidId)).toBe(CONSULTANT_FIELD_DECLARATIONS[field].searchable);
    },
  );
});
