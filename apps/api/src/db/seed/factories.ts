import { en, Faker } from "@faker-js/faker";
import type { Insertable } from "kysely";
import { newGuid } from "#api/lib/ids";
import { appointmentWindow } from "#api/lib/schedule";
import type {
  ConsultantAddressesTable,
  ConsultantTimingsTable,
  NewAppointmentRow,
  NewConsultantRow,
  NewUserRow,
} from "../schema";

/**
 * Record factories shared by the demo data and the bulk generator.
 * Faker fills pools of realistic values once; rows are then assembled from the pools with a fast
 * seeded generator, so a million rows cost seconds, not minutes.
 */

export const COUNTRY_OPTIONS = [
  "russia",
  "canada",
  "china",
  "pakistan",
  "usa",
  "uk",
  "australia",
  "germany",
  "france",
  "japan",
] as const;

const SERVICES = [
  "Student Visa",
  "Work Permit",
  "Tourist Visa",
  "Business Visa",
  "Family Reunion",
  "Permanent Residency",
  "Citizenship",
  "Document Attestation",
  "Interview Coaching",
  "Appeals",
];
/**
 * How often consultants here speak each language with customers: most English and Urdu, many Punjabi, some
 * the other languages of Pakistan and of the countries they send people to.
 */
const LANGUAGE_SHARES: ReadonlyArray<readonly [string, number]> = [
  ["english", 0.85],
  ["urdu", 0.8],
  ["punjabi", 0.4],
  ["pashto", 0.15],
  ["sindhi", 0.12],
  ["arabic", 0.1],
  ["saraiki", 0.06],
  ["persian", 0.04],
  ["balochi", 0.03],
  ["chinese", 0.03],
  ["german", 0.02],
  ["french", 0.02],
];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const OPENING_HOURS = ["08:00", "09:00", "09:30", "10:00"];
const CLOSING_HOURS = ["16:00", "17:00", "17:30", "18:00", "19:00"];

export type AppointmentStatus = "Pending" | "Confirmed" | "Cancelled";
export type NewTimingRow = Insertable<ConsultantTimingsTable>;
export type NewAddressRow = Insertable<ConsultantAddressesTable>;

/** The fields an appointment copies from its consultant and its user. */
export interface AppointmentParties {
  consultant: { id: number; name: string; contactEmail: string };
  user: { id: number; email: string };
}

export type RecordFactories = ReturnType<typeof createRecordFactories>;

export function createRecordFactories(seed = Date.now()) {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const random = mulberry32(seed);
  // A generator of its own, so the languages leave every other seeded value as it was.
  const languageRandom = mulberry32(seed ^ 0x5eed);
  const languages = () => {
    const spoken = LANGUAGE_SHARES.filter(([, share]) => languageRandom() < share).map(
      ([language]) => language,
    );
    return (spoken.length ? spoken : ["english"]).join(",");
  };
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const pool = <T>(size: number, make: () => T): T[] => Array.from({ length: size }, make);
  const pickSome = <T>(items: readonly T[], min: number, max: number): T[] => {
    const count = int(min, max);
    const chosen = new Set<T>();
    while (chosen.size < count) chosen.add(pick(items));
    return [...chosen];
  };
  /** Letters only, for user names and email local parts built from real names. */
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

  const firstNames = pool(800, () => faker.person.firstName());
  const lastNames = pool(800, () => faker.person.lastName());
  const companies = pool(1500, () => faker.company.name());
  const streets = pool(1500, () => faker.location.streetAddress());
  const cities = pool(400, () => faker.location.city());
  const states = pool(60, () => faker.location.state());
  const zipCodes = pool(600, () => faker.location.zipCode("#####"));
  const phones = pool(3000, () => faker.phone.number({ style: "international" }));
  const catchPhrases = pool(600, () => faker.company.catchPhrase());
  const sentences = pool(1000, () => faker.lorem.sentence({ min: 6, max: 16 }));
  const domains = pool(300, () => faker.internet.domainName());
  const tagWords = pool(100, () => faker.word.adjective());
  const birthDates = pool(2000, () => faker.date.birthdate({ mode: "age", min: 18, max: 70 }));

  return {
    random,
    int,
    pick,
    chance,

    /** `n` must be unique in the database (it makes user names, emails and CNICs unique). */
    consultant(n: number, at: string): NewConsultantRow {
      const first = pick(firstNames);
      const last = pick(lastNames);
      const businessName = chance(0.5) ? `${last} Visa Consultants` : `${pick(companies)} Immigration`;
      const domain = pick(domains);
      return {
        guidId: newGuid(),
        name: `${first} ${last}`,
        businessName,
        aboutInfo: `${pick(catchPhrases)}. ${pick(sentences)}`,
        website: `https://www.${domain}`,
        address: `${pick(streets)}, ${pick(cities)}`,
        country: pickSome(COUNTRY_OPTIONS, 1, 4).join(","),
        languagesSpoken: languages(),
        visaOffer: `${pick(SERVICES)} from ${int(2, 12)} weeks`,
        services: pickSome(SERVICES, 1, 4).join(","),
        fee: int(5000, 250000) / 100,
        tags: pickSome(tagWords, 1, 3).join(","),
        contactEmail: `${slug(first)}.${slug(last)}${n}@${domain}`,
        phoneNumber: pick(phones),
        officeNumber: chance(0.6) ? pick(phones) : null,
        timing: `${pick(OPENING_HOURS)} - ${pick(CLOSING_HOURS)}`,
        experience: int(0, 30),
        rating: int(0, 50) / 10,
        satisfiedClients: int(0, 5000),
        isApproved: chance(0.75),
        isPremium: chance(0.25),
        logoUrl: null,
        profilePic: null,
        profilePicThumbnail: null,
        createdAt: at,
        updatedAt: at,
        createdBy: "seed",
        updatedBy: "seed",
      };
    },

    /**
     * One weekly timing in the HH:MM - HH:MM form: weekdays open (often with a lunch break, Friday with a
     * longer prayer break), Saturday sometimes a morning, Sunday closed.
     */
    timing(consultantId: number, at: string): NewTimingRow {
      const open = pick(["09:00", "09:30", "10:00"]);
      const close = pick(["17:00", "17:30", "18:00", "19:00"]);
      const weekday = chance(0.6) ? `${open} - 13:00, 14:00 - ${close}` : `${open} - ${close}`;
      const friday = `${open} - 12:30, 14:30 - ${close}`;
      const days = Object.fromEntries(
        WEEKDAYS.map((day) => {
          if (day === "sunday") return [day, null];
          if (day === "saturday") return [day, chance(0.4) ? "10:00 - 14:00" : null];
          if (day === "friday") return [day, friday];
          // Some consultants keep one weekday free.
          if (day === "wednesday" && chance(0.15)) return [day, null];
          return [day, weekday];
        }),
      ) as Record<(typeof WEEKDAYS)[number], string | null>;
      return { guidId: newGuid(), consultantId, ...audit(at), ...days };
    },

    address(consultantId: number, at: string): NewAddressRow {
      return {
        guidId: newGuid(),
        consultantId,
        ...audit(at),
        address: pick(streets),
        city: pick(cities),
        state: pick(states),
        country: pick(COUNTRY_OPTIONS),
        zipCode: pick(zipCodes),
        latitude: chance(0.7) ? Math.round((random() * 180 - 90) * 1e6) / 1e6 : null,
        longitude: chance(0.7) ? Math.round((random() * 360 - 180) * 1e6) / 1e6 : null,
      };
    },

    /** An account; `n` unique in the database, `cnicNumber` a unique 13-digit number. */
    user(
      n: number,
      options: { role: NewUserRow["role"]; cnicNumber: number; passwordHash: string; at: string },
    ): NewUserRow {
      const first = pick(firstNames);
      const last = pick(lastNames);
      const userName = `${slug(first)}.${slug(last)}${n}`;
      const birth = pick(birthDates);
      return {
        guidId: newGuid(),
        userName,
        email: `${userName}@${pick(["example.com", "example.org", "example.net"])}`,
        firstName: first,
        lastName: last,
        phoneNumber: pick(phones),
        dateOfBirth: birth.toISOString().slice(0, 10),
        cnic: formatCnic(options.cnicNumber),
        address: `${pick(streets)}, ${pick(cities)}`,
        profilePic: null,
        cnicFront: null,
        cnicBack: null,
        passwordHash: options.passwordHash,
        role: options.role,
        status: "active",
        createdAt: options.at,
        updatedAt: options.at,
      };
    },

    /**
     * An appointment on a given business-local date and slot. Past ones are mostly confirmed (often
     * paid) or cancelled; upcoming ones mostly pending.
     */
    appointment(
      parties: AppointmentParties,
      slot: { date: string; time: string; isPast: boolean },
      at: string,
      status?: AppointmentStatus,
      /** The zone the date and time are read in (the consultant's; demo consultants use the business zone). */
      zone = "UTC",
    ): NewAppointmentRow {
      const roll = random();
      const isCancelled = status ? status === "Cancelled" : roll < 0.15;
      const isConfirmed = status ? status === "Confirmed" : !isCancelled && roll < (slot.isPast ? 0.9 : 0.45);
      return {
        guidId: newGuid(),
        userId: parties.user.id,
        userEmail: parties.user.email,
        consultantId: parties.consultant.id,
        consultantName: parties.consultant.name,
        consultantEmail: parties.consultant.contactEmail,
        appointmentDate: slot.date,
        appointmentTime: slot.time,
        ...appointmentWindow(slot.date, slot.time, zone),
        description: pick(sentences),
        supportContact: chance(0.5) ? pick(phones) : null,
        isConfirmed,
        isCancelled,
        isPaid: isConfirmed && chance(slot.isPast ? 0.8 : 0.3),
        confirmedAt: isConfirmed ? at : null,
        confirmedBy: isConfirmed ? "seed" : null,
        cancelledAt: isCancelled ? at : null,
        cancelledBy: isCancelled ? "seed" : null,
        createdAt: at,
        updatedAt: at,
        createdBy: "seed",
        updatedBy: "seed",
      };
    },
  };
}

function audit(at: string) {
  return {
    isActive: true,
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    createdBy: "seed",
    updatedBy: "seed",
  };
}

/** 13 digits as 12345-1234567-1. */
export function formatCnic(value: number): string {
  const digits = String(value).padStart(13, "0").slice(-13);
  return `${digits.slice(0, 5)}-${digits.slice(5, 12)}-${digits.slice(12)}`;
}

export function cnicNumber(cnic: string): number {
  return Number(cnic.replace(/-/g, ""));
}

/** Small fast seeded PRNG (mulberry32). */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
