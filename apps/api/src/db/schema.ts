import type { ColumnType, Kysely } from "kysely";
import type { AppointmentsTables } from "#api/modules/appointments/tables";
import type { AuditTables } from "#api/modules/audit/tables";
import type { AuthTables } from "#api/modules/auth/tables";
import type { ConsultantsTables } from "#api/modules/consultants/tables";
import type { CustomerAuthTables } from "#api/modules/customer-auth/tables";
import type { FilesTables } from "#api/modules/files/tables";
import type { NotesTables } from "#api/modules/notes/tables";
import type { NotificationsTables } from "#api/modules/notifications/tables";
import type { SchedulingTables } from "#api/modules/scheduling/tables";
import type { TasksTables } from "#api/modules/tasks/tables";
import type { UsersTables } from "#api/modules/users/tables";

/**
 * Kysely's view of the database, in camelCase (CamelCasePlugin maps to the snake_case columns): each
 * module declares the tables it owns in its tables.ts (owners in db/table-owners.ts); the counters and
 * rate limits kept for the whole server are declared here.
 */
export interface Database
  extends UsersTables,
    ConsultantsTables,
    SchedulingTables,
    AppointmentsTables,
    FilesTables,
    AuthTables,
    CustomerAuthTables,
    AuditTables,
    TasksTables,
    NotesTables,
    NotificationsTables {
  rateLimits: RateLimitsTable;
  rowCounts: RowCountsTable;
  idempotencyKeys: IdempotencyKeysTable;
}

/** The Idempotency-Keys of the last 24 hours and their answers (migration 029, plugins/idempotency.ts). */
export interface IdempotencyKeysTable {
  accountId: number;
  /** Which create the key belongs to ("customer-booking"). */
  operation: string;
  key: string;
  /** SHA-256 of the request's body: the same key with another body is refused. */
  requestHash: string;
  /** Null while the first request runs. */
  status: number | null;
  /** The answer's body as JSON. */
  answer: string | null;
  createdAt: string;
}

/** Counters for sign-in rate limiting, shared by every API replica. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resetAt: number;
}

/** Counts kept by the database's triggers in the transaction of each change (migration 007). */
export interface RowCountsTable {
  name: string;
  /** bigint: PostgreSQL answers it as text. */
  value: ColumnType<number | string, never, never>;
}

/** What a repository runs on: the database or a transaction of it (the same type in Kysely). */
export type Executor = Kysely<Database>;

export type {
  AppointmentRemindersTable,
  AppointmentRow,
  AppointmentsTable,
  NewAppointmentRow,
} from "#api/modules/appointments/tables";
export type { AuditLogTable } from "#api/modules/audit/tables";
export type {
  MfaPasskeysTable,
  MfaRecoveryCodesTable,
  MfaStepsTable,
  MfaTotpTable,
  PasswordResetsTable,
  SessionsTable,
  SignInFailuresTable,
} from "#api/modules/auth/tables";
export type {
  AddressRow,
  ConsultantAddressesTable,
  ConsultantCountriesTable,
  ConsultantRow,
  ConsultantsTable,
  ConsultantTimingsTable,
  NewConsultantRow,
  TimingRow,
} from "#api/modules/consultants/tables";
export type {
  CustomerRefreshTokensTable,
  CustomerSessionsTable,
  EmailCodesTable,
} from "#api/modules/customer-auth/tables";
export type { FilesTable } from "#api/modules/files/tables";
export type { NotesTable } from "#api/modules/notes/tables";
export type { NotificationReadsTable } from "#api/modules/notifications/tables";
export type { ConsultantTimeOffTable, NewTimeOffRow } from "#api/modules/scheduling/tables";
export type { TasksTable } from "#api/modules/tasks/tables";
export type { NewUserRow, UserRow, UsersTable, UserUpdate } from "#api/modules/users/tables";
