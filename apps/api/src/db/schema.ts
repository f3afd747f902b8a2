import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from "kysely";

/** Kysely's view of the database, in camelCase (CamelCasePlugin maps to the snake_case columns). */
export interface Database {
  users: UsersTable;
  consultants: ConsultantsTable;
  consultantCountries: ConsultantCountriesTable;
  consultantTimings: ConsultantTimingsTable;
  consultantAddresses: ConsultantAddressesTable;
  appointments: AppointmentsTable;
  consultantTimeOff: ConsultantTimeOffTable;
  appointmentReminders: AppointmentRemindersTable;
  files: FilesTable;
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
  rateLimits: RateLimitsTable;
  signInFailures: SignInFailuresTable;
  rowCounts: RowCountsTable;
  mfaTotp: MfaTotpTable;
  mfaRecoveryCodes: MfaRecoveryCodesTable;
  mfaPasskeys: MfaPasskeysTable;
  mfaSteps: MfaStepsTable;
  auditLog: AuditLogTable;
  tasks: TasksTable;
  notificationReads: NotificationReadsTable;
  notes: NotesTable;
  customerSessions: CustomerSessionsTable;
  customerRefreshTokens: CustomerRefreshTokensTable;
  emailCodes: EmailCodesTable;
}

/** ISO-8601 UTC text on both engines (PostgreSQL timestamptz is parsed back to ISO text). */
type Timestamp = string;
/**
 * Derived by the database from other columns: lowercased text for substring search (search_text), the
 * digits of phone numbers and CNICs (search_digits, migration 023).
 */
type DerivedText = ColumnType<string, never, never>;

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
  cnicVerification: Generated<"pending" | "verified" | "rejected" | null>;
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

/** One row per country of a consultant, kept by triggers from consultants.country (migration 019). */
export interface ConsultantCountriesTable {
  country: string;
  consultantId: number;
}

export interface ConsultantsTable {
  id: Generated<number>;
  guidId: string;
  name: string;
  businessName: string;
  aboutInfo: string | null;
  website: string | null;
  address: string | null;
  country: string | null;
  visaOffer: string | null;
  services: string | null;
  fee: number | null;
  tags: string | null;
  contactEmail: string;
  phoneNumber: string;
  officeNumber: string | null;
  timing: string | null;
  experience: number | null;
  rating: number | null;
  satisfiedClients: number | null;
  isApproved: boolean;
  isPremium: boolean;
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

export interface AppointmentsTable {
  id: Generated<number>;
  guidId: string;
  userId: number;
  userEmail: string | null;
  consultantId: number;
  consultantName: string | null;
  consultantEmail: string | null;
  /** The date YYYY-MM-DD in the consultant's time zone (consultants.timeZone), as the consultant keeps it. */
  appointmentDate: string;
  /** The time HH:MM:SS in the consultant's time zone. */
  appointmentTime: string;
  description: string;
  supportContact: string | null;
  isConfirmed: boolean;
  isCancelled: boolean;
  isPaid: boolean;
  confirmedAt: Timestamp | null;
  confirmedBy: string | null;
  cancelledAt: Timestamp | null;
  cancelledBy: string | null;
  /** Why it was cancelled, when the cancel gave a reason (migration 011). */
  cancellationReason: string | null;
  reminderSentAt: Timestamp | null;
  /** The instant the appointment starts (its date and time in its consultant's zone), UTC (migration 010). */
  startsAt: Timestamp;
  /** startsAt plus the slot length at booking: the appointment occupies [startsAt, endsAt). */
  endsAt: Timestamp;
  /** Recorded by staff after the start: Attended, NoShow or LateCancellation; null until then. */
  attendance: Generated<string | null>;
  /** Staff booked it knowingly outside the consultant's hours or on their time off, and who did. */
  isOutsideHours: Generated<boolean>;
  outsideHoursBy: Generated<string | null>;
  /** The customer booked it themselves through the customer API (migration 025). */
  isBookedByCustomer: Generated<boolean>;
  /** Optimistic-concurrency counter of the editable fields (migration 009): updates check and add one. */
  version: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: string | null;
  updatedBy: string | null;
}

/** One automatic reminder of an appointment, mailed `hoursBefore` hours ahead of its start (migration 012). */
export interface AppointmentRemindersTable {
  id: Generated<number>;
  appointmentId: number;
  hoursBefore: number;
  dueAt: Timestamp;
  state: Generated<"scheduled" | "sent" | "failed">;
  /** Tries so far (a claim counts as one). */
  attempts: Generated<number>;
  /** Not tried before this instant: dueAt at first, later the backoff after a failed try. */
  nextAttemptAt: Timestamp;
  /** A worker holds the row until then (it is sending); past it, another may take it over. */
  leaseUntil: Generated<Timestamp | null>;
  sentAt: Generated<Timestamp | null>;
  /** The last try's error; shown once the reminder is failed. */
  failureReason: Generated<string | null>;
  createdAt: Timestamp;
}

/** Days a consultant is away, both dates inclusive, in the consultant's own calendar (migration 010). */
export interface ConsultantTimeOffTable {
  id: Generated<number>;
  guidId: string;
  consultantId: number;
  fromDate: string;
  toDate: string;
  reason: string | null;
  createdAt: Timestamp;
  createdBy: string | null;
}

export interface FilesTable {
  /** Server-made random id; also the file's name in its URL. */
  id: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** A small WebP copy for lists (null for images stored before thumbnails: made on first ask). */
  thumbnail: Buffer | null;
  /** Personal data (CNIC images): served only to a signed-in back-office user. */
  isPrivate: boolean;
  createdAt: Timestamp;
  createdBy: string | null;
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

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 of the emailed token; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** Counters for sign-in rate limiting, shared by every API replica. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resetAt: number;
}

/** One failed (or still running) sign-in attempt counted against one key: "account:<id>", "login:<name>", "address:<ip>". */
export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  failedAt: Timestamp;
}

/** Counts kept by the database's triggers in the transaction of each change (migration 007). */
export interface RowCountsTable {
  name: string;
  /** bigint: PostgreSQL answers it as text. */
  value: ColumnType<number | string, never, never>;
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

/**
 * One audited event (migration 015): append-only, the database refuses UPDATE and DELETE. `changes` is JSON
 * text { field: { from, to } } holding only the fields that changed, never a secret.
 */
export interface AuditLogTable {
  /** bigint on PostgreSQL, answered as text. */
  id: ColumnType<number | string, never, never>;
  at: Timestamp;
  actorGuidId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The record the row's own record was linked to when it was written (a task's record; migration 020). */
  aboutEntity: string | null;
  aboutEntityId: string | null;
  /** What the row's own record was called when it was written (a task's title), not a change. */
  subject: string | null;
  changes: string;
  requestId: string | null;
  ip: string | null;
}

/** A to-do of the back office (migration 017), about one record or none. */
export interface TasksTable {
  id: Generated<number>;
  guidId: string;
  title: string;
  /** Business-local date YYYY-MM-DD. */
  dueDate: string;
  notes: string | null;
  assigneeId: number;
  createdById: number;
  /** "consultant", "user" or "appointment", with that record's guid; both null for a task about nothing. */
  entity: string | null;
  entityId: string | null;
  isDone: Generated<boolean>;
  doneAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An internal note on a record (migration 016). */
export interface NotesTable {
  /** bigint on PostgreSQL, answered as text. */
  id: ColumnType<number | string, never, never>;
  guidId: string;
  entity: string;
  entityId: string;
  text: string;
  authorGuidId: string;
  authorName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One person has read one notification; the id is derived from the notification's cause (migration 017). */
export interface NotificationReadsTable {
  userId: number;
  notificationId: string;
  readAt: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ConsultantRow = Selectable<ConsultantsTable>;
export type NewConsultantRow = Insertable<ConsultantsTable>;
export type TimingRow = Selectable<ConsultantTimingsTable>;
export type AddressRow = Selectable<ConsultantAddressesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type NewAppointmentRow = Insertable<AppointmentsTable>;
export type NewTimeOffRow = Insertable<ConsultantTimeOffTable>;

/** What a repository runs on: the database or a transaction of it (the same type in Kysely). */
export type Executor = Kysely<Database>;
