import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "#api/db/column-types";

/** The tables the auth module owns (db/table-owners.ts): only it queries them. */
export interface AuthTables {
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
  signInFailures: SignInFailuresTable;
  mfaTotp: MfaTotpTable;
  mfaRecoveryCodes: MfaRecoveryCodesTable;
  mfaPasskeys: MfaPasskeysTable;
  mfaSteps: MfaStepsTable;
}

export interface SessionsTable {
  /** The token's jti. */
  id: string;
  userId: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  /** When a request last used the session (written at most about once a minute): the idle timeout reads it. */
  lastSeenAt: Timestamp;
  /** Where it was started, for the owner's list of sessions. */
  userAgent: Generated<string | null>;
  address: Generated<string | null>;
  /** The owner's last proof after sign-in (password or code): changes of sign-in factors need a recent one. */
  reauthenticatedAt: Generated<Timestamp | null>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 of the emailed token; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** One failed (or still running) sign-in attempt counted against one key: "account:<id>", "login:<name>", "address:<ip>". */
export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  failedAt: Timestamp;
}

/** An authenticator app: its secret (encrypted), confirmed once a code from it was entered. */
export interface MfaTotpTable {
  userId: number;
  secret: string;
  confirmedAt: Timestamp | null;
  /** The last 30-second step a code was accepted for: a code of that step or earlier is refused. */
  lastUsedStep: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
}

/** One single-use recovery code, as a keyed hash. */
export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A passkey (WebAuthn credential): its id and public key, both base64url. */
export interface MfaPasskeysTable {
  id: string;
  userId: number;
  name: string;
  publicKey: string;
  counter: ColumnType<number, number | undefined, number>;
  /** JSON array of the transports the authenticator named. */
  transports: string | null;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
}

/**
 * A short-lived step: "sign-in" (after the password, before the second factor; id = SHA-256 of the token
 * the client holds), "passkey-register" and "passkey-sign-in" (a WebAuthn challenge waiting for its answer).
 */
export interface MfaStepsTable {
  id: string;
  kind: "sign-in" | "passkey-register" | "passkey-sign-in";
  userId: number | null;
  challenge: string | null;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}
