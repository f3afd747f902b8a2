import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { DerivedText, Timestamp } from "#api/db/column-types";

/** The tables the users module owns (db/table-owners.ts): only it queries them. */
export interface UsersTables {
  users: UsersTable;
}

export interface UsersTable {
  id: Generated<number>;
  guidId: string;
  userName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  dateOfBirth: string | null;
  cnic: string | null;
  address: string | null;
  profilePic: string | null;
  cnicFront: string | null;
  cnicBack: string | null;
  passwordHash: string;
  role: "Admin" | "Staff" | "AppUser";
  status: "active" | "pending" | "rejected";
  /** Set while an Admin has suspended the account: it cannot sign in, and its sessions ended. */
  suspendedAt: Generated<Timestamp | null>;
  /** A printed one-time password: nothing works until the owner chooses a new one. */
  isPasswordTemporary: Generated<boolean>;
  /** A confirmed authenticator app or a passkey: sign-in asks for it after the password. */
  isMfaEnabled: Generated<boolean>;
  /** IANA time zone for showing appointment times to this person; null = BUSINESS_TIMEZONE (migration 010). */
  timeZone: Generated<string | null>;
  /** A customer's language for answers and mails ("en", "ur"); null = English (migration 024). */
  language: Generated<string | null>;
  /** When the owner proved the email with the mailed code; a customer books only once it is set. */
  emailVerifiedAt: Generated<Timestamp | null>;
  /** Where staff's check of the CNIC stands: "pending", "verified", "rejected"; null = never asked. */
  cnicVerification: Generated<"pending" | "verified" | "rejected" | "conflict" | null>;
  /** The customer erased their account: its personal data is gone, and staff cannot restore it. */
  erasedAt: Generated<Timestamp | null>;
  searchText: DerivedText;
  searchDigits: DerivedText;
  /** Optimistic-concurrency counter of the editable fields (migration 009): updates check and add one. */
  version: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: Timestamp | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
