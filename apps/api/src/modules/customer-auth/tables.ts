import type { Generated } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the customer-auth module owns (db/table-owners.ts): only it queries them. */
export interface CustomerAuthTables {
  customerSessions: CustomerSessionsTable;
  customerRefreshTokens: CustomerRefreshTokensTable;
  emailCodes: EmailCodesTable;
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
}
