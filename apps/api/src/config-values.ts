import net from "node:net";
import { z } from "zod";

/** The environment values whose format needs more than one line of zod; config.ts reads them all. */

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto), as Fastify's
 * trustProxy takes it: false (default: nobody, so a client cannot fake its address to dodge per-address
 * limits), true (any: only behind a proxy that overwrites those headers), a hop count, or a list.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): boolean | number | string[] => {
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: "custom",
      message: `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs (not ${bad.join(", ")})`,
    });
    return z.NEVER;
  });

/**
 * CUSTOMER_SITE_BASE: the path the customer site is served under, /book unless set: a leading slash, no
 * trailing one, and path segments of letters, digits and - . _ ~ (nothing a URL would have to escape).
 * Not under /api or /files, which are the server's own.
 */
export const customerSiteBaseSchema = z
  .string()
  .trim()
  .default("")
  .transform((value, context): string => {
    const base = value || "/book";
    const segments = base.split("/").slice(1);
    const fits =
      /^(\/[A-Za-z0-9._~-]+)+$/.test(base) &&
      !segments.some((segment) => segment === "." || segment === "..") &&
      !["api", "files"].includes(segments[0]?.toLowerCase() ?? "");
    if (fits) return base;
    context.addIssue({
      code: "custom",
      message: `CUSTOMER_SITE_BASE must be a path such as /book: a leading /, no trailing /, letters, digits and - . _ ~ only, not under /api or /files (not ${base})`,
    });
    return z.NEVER;
  });

/** The longest lead a reminder may have: 31 days. */
const MAX_REMINDER_HOURS = 31 * 24;

/**
 * REMINDER_HOURS_BEFORE: "24", or a comma list such as "24,2" for several reminders per appointment;
 * "" or "none" sends none. Whole hours from 1 to 744, each once; sorted longest lead first.
 */
export const reminderHoursSchema = z
  .string()
  .trim()
  .default("24")
  .transform((value, context): number[] => {
    if (value === "" || value === "none") return [];
    const entries = value.split(",").map((entry) => entry.trim());
    const hours = entries.map((entry) => (/^\d+$/.test(entry) ? Number(entry) : Number.NaN));
    const bad = entries.filter((_, index) => {
      const hour = hours[index] ?? Number.NaN;
      return !(hour >= 1 && hour <= MAX_REMINDER_HOURS);
    });
    if (bad.length > 0 || new Set(hours).size !== hours.length) {
      context.addIssue({
        code: "custom",
        message: `REMINDER_HOURS_BEFORE must be whole hours from 1 to ${MAX_REMINDER_HOURS}, comma-separated, each once, such as 24 or 24,2 (not ${value})`,
      });
      return z.NEVER;
    }
    return hours.sort((a, b) => b - a);
  });
