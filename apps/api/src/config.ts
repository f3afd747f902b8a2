import path from "node:path";
import { z } from "zod";
import { customerSiteBaseSchema, reminderHoursSchema, trustProxySchema } from "./config-values";
import { PG_ACQUIRE_TIMEOUT_MS, PG_POOL_SIZE } from "./db/database";
import { passwordProblem } from "./lib/password-policy";

/** The only reader of process.env: parsed once, fails fast listing every bad key. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  // ASVS 3.3.2 (level 2): a session lives at most 12 hours, however active.
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(12 * 60, "TOKEN_TTL_MINUTES must be at most 720 (12 hours)")
    .default(8 * 60),
  BUSINESS_TIMEZONE: z
    .string()
    .default("Asia/Karachi")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "BUSINESS_TIMEZONE must be an IANA time zone such as Asia/Karachi"),
  // The length of one appointment and the step of the free slots offered.
  APPOINTMENT_SLOT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  REMINDER_HOURS_BEFORE: reminderHoursSchema,
  // How often the reminder worker looks for due reminders, how often it tries one, and the first retry's wait
  // (doubled after each failed try).
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REMINDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  REMINDER_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  COMPANY_NAME: z.string().default("VisaDesk"),
  COMPANY_URL: z.string().url().default("https://example.com"),
  // The currency consultants' fees are in, as an ISO 4217 code.
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "CURRENCY must be a three-letter ISO 4217 code, e.g. PKR")
    .default("PKR"),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  // The first Admin's password follows the same policy as every other password.
  ADMIN_PASSWORD: z
    .string()
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  SMTP_URL: z.string().optional(),
  // PostgreSQL: connections per process, and how long a query waits for one before the request answers 503.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(PG_POOL_SIZE),
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(PG_ACQUIRE_TIMEOUT_MS),
  MAIL_FROM: z.string().default("VisaDesk <no-reply@visadesk.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  CUSTOMER_SITE_DIST: z.string().optional(),
  CUSTOMER_SITE_BASE: customerSiteBaseSchema,
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  DIRECTORY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  // A customer's sign-up waits this long for its email to be proven, then a job removes it.
  SIGNUP_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  // Wrong verification codes allowed per sign-up in 24 hours, resends included.
  VERIFY_CODE_DAILY_TRIES: z.coerce.number().int().min(1).max(1000).default(20),
  // Mails a stranger can make the server send (sign-up, reset, resend) that reach one address in an hour.
  MAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  TRUST_PROXY: trustProxySchema,
  // The longest a client may take to send one whole request, body included (408 after): a 5 MB upload needs
  // about 45 KB/s to make the default. Slow senders would otherwise hold connections for ever.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // A connection on which nothing moves either way for this long is closed.
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // Every internal account must enrol a second factor (authenticator app or passkey) at its next sign-in.
  REQUIRE_MFA: z.enum(["true", "false"]).default("false"),
  // The customer API: a booking needs a verified CNIC too; at most this many upcoming bookings per customer;
  // no booking further ahead than this; a customer cancels or moves one up to this many hours before it.
  REQUIRE_CNIC_FOR_BOOKING: z.enum(["true", "false"]).default("false"),
  MAX_UPCOMING_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(3),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(60),
  CUSTOMER_CANCEL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(24),
  // Bookings, moves and cancellations one customer account may make in an hour, counted in the database.
  CUSTOMER_BOOKING_WRITES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  // Open live streams (GET /api/v2/live) allowed per sign-in and per account, counted in the database.
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(5),
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE / DATABASE_POOL_TIMEOUT_MS (PostgreSQL): connections per process, wait for one. */
  databasePoolSize: number;
  databasePoolTimeoutMs: number;
  jwtSecret: string | undefined;
  tokenTtlMinutes: number;
  businessTimeZone: string;
  /** APPOINTMENT_SLOT_MINUTES: an appointment occupies [start, start + slot). */
  appointmentSlotMinutes: number;
  /** REMINDER_HOURS_BEFORE: the leads of the automatic reminders, longest first ([] = none). */
  reminderHoursBefore: number[];
  reminderIntervalSeconds: number;
  /** Tries of one reminder before it is marked failed. */
  reminderMaxAttempts: number;
  /** The wait after the first failed try; each further one doubles it. */
  reminderRetrySeconds: number;
  companyName: string;
  companyUrl: string;
  /** CURRENCY: the ISO 4217 code of consultants' fees. */
  currency: string;
  publicUrl: string | undefined;
  /** Seed demo records on an empty database: default on for SQLite, off for PostgreSQL. */
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env["LOG_LEVEL"];
  webDist: string;
  /** CUSTOMER_SITE_DIST: the customer site's build (apps/book/dist unless told). */
  customerSiteDist: string;
  /** CUSTOMER_SITE_BASE: the path it is served under, "/book" unless told (no trailing slash). */
  customerSiteBase: string;
  loginRateLimit: number;
  /** Registrations per address per 10 minutes (the form is public and carries a picture). */
  registerRateLimit: number;
  /** Requests per minute and address to the customer directory (list, profiles, free times). */
  directoryRateLimit: number;
  /** SIGNUP_EXPIRY_HOURS: an unproven sign-up is removed after it. */
  signUpExpiryHours: number;
  /** VERIFY_CODE_DAILY_TRIES: wrong codes per sign-up in 24 hours, across resends. */
  verifyCodeDailyTries: number;
  /** MAIL_PER_RECIPIENT_PER_HOUR: mails a stranger can trigger reaching one address in an hour. */
  mailPerRecipientPerHour: number;
  /** Fastify's trustProxy: who may set X-Forwarded-For/-Proto (HSTS is sent only for https seen this way). */
  trustProxy: boolean | number | string[];
  /** REQUEST_TIMEOUT_SECONDS in ms: the whole request must have arrived by then, else 408. */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT_SECONDS in ms: an idle connection is closed after it. */
  connectionTimeoutMs: number;
  /** REQUIRE_MFA: without a second factor, a signed-in account can only enrol one (or sign out). */
  requireMfa: boolean;
  /** The customer API's booking rules. */
  customer: CustomerRules;
  /** How long one live stream (GET /api/v2/live) lasts before the browser connects again. */
  liveStreamMs: number;
  /** LIVE_STREAMS_PER_SESSION / _PER_ACCOUNT: open live streams allowed over every process (429 past them). */
  liveStreamsPerSession: number;
  liveStreamsPerAccount: number;
}

export interface CustomerRules {
  requireCnicForBooking: boolean;
  maxUpcomingPerCustomer: number;
  bookingHorizonDays: number;
  /** A customer's own cancel or move is refused this close to the start. */
  cancelHours: number;
  /** CUSTOMER_BOOKING_WRITES_PER_HOUR: bookings, moves and cancellations per account an hour (429 past it). */
  bookingWritesPerHour: number;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePoolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS,
    jwtSecret: env.JWT_SECRET,
    tokenTtlMinutes: env.TOKEN_TTL_MINUTES,
    businessTimeZone: env.BUSINESS_TIMEZONE,
    appointmentSlotMinutes: env.APPOINTMENT_SLOT_MINUTES,
    reminderHoursBefore: env.REMINDER_HOURS_BEFORE,
    reminderIntervalSeconds: env.REMINDER_INTERVAL_SECONDS,
    reminderMaxAttempts: env.REMINDER_MAX_ATTEMPTS,
    reminderRetrySeconds: env.REMINDER_RETRY_SECONDS,
    companyName: env.COMPANY_NAME,
    companyUrl: env.COMPANY_URL,
    currency: env.CURRENCY,
    publicUrl: env.PUBLIC_URL,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === "true" : !env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    customerSiteDist: path.resolve(
      env.CUSTOMER_SITE_DIST ?? new URL("../../book/dist", import.meta.url).pathname,
    ),
    customerSiteBase: env.CUSTOMER_SITE_BASE,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    registerRateLimit: env.REGISTER_RATE_LIMIT,
    directoryRateLimit: env.DIRECTORY_RATE_LIMIT,
    signUpExpiryHours: env.SIGNUP_EXPIRY_HOURS,
    verifyCodeDailyTries: env.VERIFY_CODE_DAILY_TRIES,
    mailPerRecipientPerHour: env.MAIL_PER_RECIPIENT_PER_HOUR,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeoutMs: env.CONNECTION_TIMEOUT_SECONDS * 1000,
    requireMfa: env.REQUIRE_MFA === "true",
    customer: {
      requireCnicForBooking: env.REQUIRE_CNIC_FOR_BOOKING === "true",
      maxUpcomingPerCustomer: env.MAX_UPCOMING_PER_CUSTOMER,
      bookingHorizonDays: env.BOOKING_HORIZON_DAYS,
      cancelHours: env.CUSTOMER_CANCEL_HOURS,
      bookingWritesPerHour: env.CUSTOMER_BOOKING_WRITES_PER_HOUR,
    },
    liveStreamMs: 5 * 60_000,
    liveStreamsPerSession: env.LIVE_STREAMS_PER_SESSION,
    liveStreamsPerAccount: env.LIVE_STREAMS_PER_ACCOUNT,
  };
}

/**
 * The origin of every link in a mail: PUBLIC_URL, else this server's own local address. Never a request's
 * Host or X-Forwarded-Host, which whoever sends the request chooses (a reset link would go to their server).
 */
export function linkOrigin(config: Pick<Config, "publicUrl" | "port">): string {
  return config.publicUrl ? config.publicUrl.replace(/\/+$/, "") : `http://localhost:${config.port}`;
}

/** Tests build a config from defaults plus overrides, without touching process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // A live stream ends at once in tests, so a call to it (the access matrix, the fuzzers) gets its answer.
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    demoData: false,
    liveStreamMs: 200,
    ...overrides,
  };
}
