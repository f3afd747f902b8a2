import type { Generated } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the customer-auth module owns (db/table-owners.ts): only it queries them. */
export interface CustomerAuthTables {
  customerSessions: CustomerSessionsTable;
  customerRefreshTokens: CustomerRefreshTokensTable;
  emailCodes: EmailCodesTable;
  signUps: SignUpsTable;
}

/** A device a customer signed in on (migration 024): its refresh tokens rotate within it. */
export interface CustomerSessionsTable {
  id: string;
  userId: number;
  deviceName: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
  /** The refresh chain's absolute end; each access token lives minutes. */
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  address: string | null;
}

/** One refresh token of a device's chain, as its SHA-256; used once, then replaced by the next. */
export interface CustomerRefreshTokensTable {
  tokenHash: string;
  sessionId: string;
  createdAt: Timestamp;
  usedAt: Timestamp | null;
}

/** The live code that proves a customer's email: hashed, short-lived, its failed tries counted. */
export interface EmailCodesTable {
  userId: number;
  codeHash: string;
  expiresAt: Timestamp;
  failedTries: Generated<number>;
  createdAt: Timestamp;
  /** Wrong codes of the day that began at triesSince, across new codes (migration 031). */
  triesSince: Timestamp | null;
  triesInDay: Generated<number>;
}

/**
 * A sign-up through the customer API, held apart from the accounts until its email is proven (migration
 * 028): it reserves no username, email or CNIC, and is removed once expiresAt has passed.
 */
export interface SignUpsTable {
  id: Generated<number>;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
  cnic: string;
  address: string;
  timeZone: string;
  language: string;
  passwordHash: string;
  codeHash: string | null;
  codeExpiresAt: Timestamp | null;
  codeSentAt: Timestamp | null;
  /** Wrong tries of the live code (EMAIL_CODE_MAX_TRIES spend it). */
  codeFailedTries: Generated<number>;
  /** Wrong codes of the day that began at triesSince, across resends (VERIFY_CODE_DAILY_TRIES). */
  triesSince: Timestamp | null;
  triesInDay: Generated<number>;
  requestId: string | null;
  ip: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}
