import type { ConsultantField } from "@visadesk/contract/consultant-fields-constants";
import type { Consultant } from "@visadesk/contract/consultants";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { DerivedText, Timestamp } from "#api/db/column-types";

/** The tables the consultants module owns (db/table-owners.ts): only it queries them. */
export interface ConsultantsTables {
  consultants: ConsultantsTable;
  consultantCountries: ConsultantCountriesTable;
  consultantLanguages: ConsultantLanguagesTable;
  consultantVisaTypes: ConsultantVisaTypesTable;
  consultantTimings: ConsultantTimingsTable;
  consultantAddresses: ConsultantAddressesTable;
}

/**
 * The registry's fields (consultant-fields-constants.ts) as columns, typed as the API answers them: a field
 * declared there is a column here without naming it again (its migration adds the column).
 */
type DeclaredColumns = Pick<Consultant, Exclude<ConsultantField, "timeZone">>;

export interface ConsultantsTable extends DeclaredColumns {
  id: Generated<number>;
  guidId: string;
  /** IANA time zone of the consultant's hours and appointments; null = BUSINESS_TIMEZONE (migration 010). */
  timeZone: Generated<string | null>;
  logoUrl: string | null;
  profilePic: string | null;
  profilePicThumbnail: string | null;
  searchText: DerivedText;
  searchDigits: DerivedText;
  /** The customer directory's search text: name, business name, services, visa offer (migration 026). */
  directoryText: DerivedText;
  /** Moved by the database on every change to the consultant, its timings or addresses (migration 002). */
  revision: ColumnType<number, never, never>;
  /** Optimistic-concurrency counter of the editable fields (migration 009): updates check and add one. */
  version: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: string | null;
  updatedBy: string | null;
  deletedAt: Timestamp | null;
}

/** One row per country of a consultant, kept by triggers from consultants.country (migration 019). */
export interface ConsultantCountriesTable {
  country: string;
  consultantId: number;
}

/** One row per language a consultant speaks, kept by triggers from consultants.languagesSpoken (migration 032). */
export interface ConsultantLanguagesTable {
  language: string;
  consultantId: number;
}

/** One row per item of a consultant's services, lowercased: its visa types (migration 032). */
export interface ConsultantVisaTypesTable {
  visaType: string;
  consultantId: number;
}

interface AuditedRecord {
  id: Generated<number>;
  guidId: string;
  consultantId: number;
  isActive: boolean;
  isDeleted: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: string | null;
  updatedBy: string | null;
  /** Optimistic-concurrency counter of the editable fields (migration 009): updates check and add one. */
  version: Generated<number>;
}

export interface ConsultantTimingsTable extends AuditedRecord {
  monday: string | null;
  tuesday: string | null;
  wednesday: string | null;
  thursday: string | null;
  friday: string | null;
  saturday: string | null;
  sunday: string | null;
}

export interface ConsultantAddressesTable extends AuditedRecord {
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
}

export type ConsultantRow = Selectable<ConsultantsTable>;
export type NewConsultantRow = Insertable<ConsultantsTable>;
export type TimingRow = Selectable<ConsultantTimingsTable>;
export type AddressRow = Selectable<ConsultantAddressesTable>;
