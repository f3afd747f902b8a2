import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAPI_DRIVER_FROM_NODE, openSqlite, sqliteDriverFor } from "./sqlite-driver";

const root = path.resolve(import.meta.dirname, "../../../..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }>;
};

describe("the SQLite driver for the running Node", () => {
  it("is better-sqlite3 12 before Node 22 and its Node-API major from 22 on", () => {
    expect(sqliteDriverFor("20.19.0")).toBe("better-sqlite3");
    expect(sqliteDriverFor("v20.20.2")).toBe("better-sqlite3");
    expect(sqliteDriverFor("22.0.0")).toBe("better-sqlite3-napi");
    expect(sqliteDriverFor("v24.21.0")).toBe("better-sqlite3-napi");
    expect(sqliteDriverFor("26.1.0")).toBe("better-sqlite3-napi");
    expect(() => sqliteDriverFor("latest")).toThrow(/Not a Node.js version/);
  });

  it("starts the Node-API driver exactly where the locked package's engines do", () => {
    // npm installs the optional alias only where its engines admit the running Node: the rule must agree,
    // or a Node would pick a driver that npm left out (or one that crashes on it).
    const napi = lock.packages["node_modules/better-sqlite3-napi"];
    expect(napi?.optional).toBe(true);
    expect(napi?.version).toMatch(/^13\./);
    expect(napi?.engines?.node).toBe(`>=${NAPI_DRIVER_FROM_NODE}`);
    const classic = lock.packages["node_modules/better-sqlite3"];
    expect(classic?.version).toMatch(/^12\./);
    expect(classic?.engines?.node).toContain("20.x");
  });

  it("opens a database with the driver installed for this Node", () => {
    const sqlite = openSqlite(":memory:");
    try {
      expect(sqlite.prepare("select sqlite_version() as version").pluck().get()).toMatch(/^3\./);
    } finally {
      sqlite.close();
    }
  });
});
