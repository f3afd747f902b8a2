import type { Database } from "./schema";

/**
 * Who owns each table: the one module (apps/api/src/modules/<name>) that writes it and answers the other
 * modules' questions about it through its service or an exported query function. "db" and "plugins" own
 * the tables kept for the whole server (counters, rate limits): no module queries those itself.
 * db/table-ownership.test.ts fails when a module's source names a table it does not own.
 */
export const TABLE_OWNERS = {
  users: "users",
  consultants: "consultants",
  consultantCountries: "consultants",
  consultantLanguages: "consultants",
  consultantVisaTypes: "consultants",
  consultantTimings: "consultants",
  consultantAddresses: "consultants",
  consultantTimeOff: "scheduling",
  appointments: "appointments",
  appointmentReminders: "appointments",
  files: "files",
  sessions: "auth",
  passwordResets: "auth",
  signInFailures: "auth",
  mfaTotp: "auth",
  mfaRecoveryCodes: "auth",
  mfaPasskeys: "auth",
  mfaSteps: "auth",
  customerSessions: "customer-auth",
  customerRefreshTokens: "customer-auth",
  emailCodes: "customer-auth",
  signUps: "customer-auth",
  auditLog: "audit",
  tasks: "tasks",
  notificationReads: "notifications",
  notes: "notes",
  rowCounts: "db",
  rateLimits: "plugins",
  idempotencyKeys: "plugins",
} as const satisfies Record<keyof Database, string>;

export type TableName = keyof typeof TABLE_OWNERS;

/**
 * Tables a module may join (read only, never write) in its own queries though another module owns them:
 * each is one query read for speed or for its index, where asking the owner first would cost a round trip
 * per page or lose the plan. Writes stay with the owner, with no exception.
 */
export const READ_JOINS: Record<string, Partial<Record<TableName, string>>> = {
  appointments: {
    users:
      "its lists, search, exports, calendar, mails and the bell's and dashboard's lists show, filter and sort by the customer in one query",
    consultants:
      "its lists, search, exports, calendar, mails and the bell's and dashboard's lists show, filter and sort by the consultant in one query",
  },
  auth: {
    users: "every request's session check reads its session and its account in one lookup by their keys",
  },
  "customer-auth": {
    users:
      "every customer request's token check reads its device and its account in one lookup by their keys",
  },
  audit: {
    users: "the history search matches an account's names in the same window query as the rows it filters",
    consultants:
      "the history search matches a consultant's names in the same window query as the rows it filters",
  },
  tasks: {
    users: "the task list shows its assignee's and creator's names in the one paged query of the list",
  },
};
