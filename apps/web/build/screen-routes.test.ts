import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patternSource, screenRoutes } from "./screen-routes";

const src = path.resolve(import.meta.dirname, "../src");

describe("the signed-in screens the build downloads early", () => {
  it("are every route of the features, with its page's module, the public ones marked", () => {
    const routes = screenRoutes(src);
    const pageOf = (pattern: string) => routes.find((route) => route.pattern === pattern)?.page;
    expect(pageOf("/users")).toBe(path.join(src, "features/consultants/routes/consultant-list-page.tsx"));
    // A page shared by two routes (declared once as a constant) serves both.
    expect(pageOf("/add-user")).toBe(path.join(src, "features/consultants/routes/consultant-form-page.tsx"));
    expect(pageOf("/edit-user/:guidId")).toBe(pageOf("/add-user"));
    expect(pageOf("/home")).toBe(path.join(src, "features/dashboard/routes/dashboard-page.tsx"));
    expect(routes.find((route) => route.pattern === "/login")).toMatchObject({
      page: path.join(src, "features/auth/routes/login-page.tsx"),
      public: true,
    });
    expect(routes.find((route) => route.pattern === "/users")?.public).toBe(false);
    for (const route of routes) expect(fs.existsSync(route.page)).toBe(true);
  });

  it("stop the build when a feature declares a page in a way they cannot read", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "screen-routes-"));
    fs.mkdirSync(path.join(copy, "features/odd"), { recursive: true });
    fs.writeFileSync(
      path.join(copy, "features/odd/feature.ts"),
      'const pages = [lazyPage(() => import("./routes/a"))];\nexport const oddFeature = { routes: [{ path: "/odd", page: pages[0] }] };\n',
    );
    expect(() => screenRoutes(copy)).toThrow(/1 pages declared, 0 understood/);
  });

  it("match a path the way the route table does: one segment per parameter, a trailing slash allowed", () => {
    const edit = new RegExp(patternSource("/edit-user/:guidId"));
    expect(edit.test("/edit-user/3f2a")).toBe(true);
    expect(edit.test("/edit-user/3f2a/")).toBe(true);
    expect(edit.test("/edit-user")).toBe(false);
    expect(edit.test("/edit-user/3f2a/more")).toBe(false);
    expect(new RegExp(patternSource("/users")).test("/users-x")).toBe(false);
  });
});
