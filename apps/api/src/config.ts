import path from "node:path";
import { z } from "zod";

/** The only reader of process.env (house style 5): parsed once, fails fast listing every bad key. */
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
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
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
  COMPANY_NAME: z.string().default("VisaDesk"),
  COMPANY_URL: z.string().url().default("https://example.com"),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("VisaDesk <no-reply@visadesk.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlMinutes: number;
  businessTimeZone: string;
  companyName: string;
  companyUrl: string;
  publicUrl: string | undefined;
  /** Seed demo records on an empty database: default on for SQLite, off for PostgreSQL. */
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env["LOG_LEVEL"];
  webDist: string;
  loginRateLimit: number;
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
    jwtSecret: env.JWT_SECRET,
    tokenTtlMinutes: env.TOKEN_TTL_MINUTES,
    businessTimeZone: env.BUSINESS_TIMEZONE,
    companyName: env.COMPANY_NAME,
    companyUrl: env.COMPANY_URL,
    publicUrl: env.PUBLIC_URL,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === "true" : !env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
  };
}

/** Tests build a config from defaults plus overrides, without touching process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), demoData: false, ...overrides };
}
