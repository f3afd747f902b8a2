import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("TRUST_PROXY", () => {
  const trustProxyOf = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it("is off by default: no client may set its own address", () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf("")).toBe(false);
    expect(trustProxyOf("false")).toBe(false);
  });

  it("takes what an operator sets for Fastify's trustProxy: true, a hop count, or addresses and CIDRs", () => {
    expect(trustProxyOf("true")).toBe(true);
    expect(trustProxyOf("2")).toBe(2);
    expect(trustProxyOf("10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback")).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses anything else at start-up, naming the bad entries", () => {
    for (const bad of ["yes", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "1.2.3.4,"]) {
      expect(() => trustProxyOf(bad)).toThrow(/TRUST_PROXY must be true, false, a hop count/);
    }
    expect(() => trustProxyOf("10.0.0.1,evil")).toThrow(/\(not evil\)/);
  });
});

describe("REQUIRE_MFA", () => {
  it("is off by default, on only for true, and refuses anything else at start-up", () => {
    expect(loadConfig({}).requireMfa).toBe(false);
    expect(loadConfig({ REQUIRE_MFA: "false" }).requireMfa).toBe(false);
    expect(loadConfig({ REQUIRE_MFA: "true" }).requireMfa).toBe(true);
    expect(() => loadConfig({ REQUIRE_MFA: "yes" })).toThrow(/REQUIRE_MFA/);
  });
});

describe("DATABASE_POOL_SIZE and DATABASE_POOL_TIMEOUT_MS", () => {
  it("are 20 connections and 10 s by default, take what is set, and refuse a pool too small to serve", () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 20, databasePoolTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_POOL_SIZE: "40", DATABASE_POOL_TIMEOUT_MS: "2500" })).toMatchObject({
      databasePoolSize: 40,
      databasePoolTimeoutMs: 2_500,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "ten" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_TIMEOUT_MS: "0" })).toThrow(/DATABASE_POOL_TIMEOUT_MS/);
  });
});

describe("CURRENCY", () => {
  it("is PKR by default, takes an ISO 4217 code, and refuses anything else at start-up", () => {
    expect(loadConfig({}).currency).toBe("PKR");
    expect(loadConfig({ CURRENCY: "USD" }).currency).toBe("USD");
    expect(() => loadConfig({ CURRENCY: "rupees" })).toThrow(/CURRENCY must be a three-letter ISO 4217 code/);
  });
});

describe("REMINDER_HOURS_BEFORE", () => {
  const hoursOf = (value?: string) =>
    loadConfig(value === undefined ? {} : { REMINDER_HOURS_BEFORE: value }).reminderHoursBefore;

  it("is one reminder a day ahead by default; a comma list gives several, longest lead first; none gives none", () => {
    expect(hoursOf()).toEqual([24]);
    expect(hoursOf("2, 24")).toEqual([24, 2]);
    expect(hoursOf("none")).toEqual([]);
    expect(hoursOf("")).toEqual([]);
  });

  it("refuses anything else at start-up with the form it takes", () => {
    for (const bad of ["0", "-2", "1.5", "24,", "24,24", "tomorrow", "745"]) {
      expect(() => hoursOf(bad)).toThrow(/REMINDER_HOURS_BEFORE must be whole hours from 1 to 744/);
    }
  });
});

describe("the customer site's settings", () => {
  it("serves apps/book/dist under /book by default, or what CUSTOMER_SITE_DIST and CUSTOMER_SITE_BASE say", () => {
    expect(loadConfig({}).customerSiteDist).toMatch(/\/apps\/book\/dist$/);
    expect(loadConfig({}).customerSiteBase).toBe("/book");
    expect(loadConfig({ CUSTOMER_SITE_BASE: "" }).customerSiteBase).toBe("/book");
    const set = loadConfig({ CUSTOMER_SITE_DIST: "/srv/book", CUSTOMER_SITE_BASE: "/customers/v2.site" });
    expect(set.customerSiteDist).toBe("/srv/book");
    expect(set.customerSiteBase).toBe("/customers/v2.site");
  });

  it("refuses at start-up a base without its leading slash, with a trailing one, or that needs escaping", () => {
    for (const bad of [
      "book",
      "/book/",
      "/",
      "/bo ok",
      "/book?x",
      "/b%20k",
      "/a//b",
      "/a/../b",
      "/api",
      "/files/x",
    ]) {
      expect(() => loadConfig({ CUSTOMER_SITE_BASE: bad })).toThrow(
        /CUSTOMER_SITE_BASE must be a path such as \/book/,
      );
    }
  });
});
