import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { READ_JOINS, TABLE_OWNERS, type TableName } from "./table-owners";
import { tableReferences, violations } from "./table-references";

/**
 * Each table has one owning module (db/table-owners.ts): the others ask it, through its service or an
 * exported query function, and never name its table. This reads every server source file under modules/
 * for the tables it names (db/table-references.ts).
 */

const MODULES = path.join(import.meta.dirname, "..", "modules");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Each server source file of a module, by its module (a file directly under modules/ owns nothing). */
const moduleFiles = () =>
  sourceFiles(MODULES).map((file) => {
    const relative = path.relative(MODULES, file);
    const module = relative.includes(path.sep) ? (relative.split(path.sep)[0] as string) : "(none)";
    return { module, relative, source: readFileSync(file, "utf8") };
  });

describe("table ownership", () => {
  it("every module queries only the tables it owns (and joins those its allow-list names)", () => {
    const found = moduleFiles().flatMap(({ module, relative, source }) =>
      violations(module, relative, source),
    );
    expect(found).toEqual([]);
  });

  it("every allowed join is one a module makes: the allow-list holds no stale entry", () => {
    const joined = new Set(
      moduleFiles().flatMap(({ module, source }) =>
        tableReferences(source)
          .filter((reference) => reference.access === "joins")
          .map((reference) => `${module} joins ${reference.table}`),
      ),
    );
    const allowed = Object.entries(READ_JOINS).flatMap(([module, tables]) =>
      Object.keys(tables).map((table) => `${module} joins ${table}`),
    );
    expect(allowed.filter((entry) => !joined.has(entry))).toEqual([]);
  });

  it("each table's row type is declared in its owning module's tables.ts", () => {
    const misplaced = Object.entries(TABLE_OWNERS).flatMap(([table, owner]) => {
      const file =
        owner === "db" || owner === "plugins"
          ? path.join(import.meta.dirname, "schema.ts")
          : path.join(MODULES, owner, "tables.ts");
      return new RegExp(`^\\s+${table}: \\w+Table;$`, "m").test(readFileSync(file, "utf8")) ? [] : [table];
    });
    expect(misplaced).toEqual([]);
  });

  it("each allowed join names a module and a reason, never the module's own table", () => {
    for (const [module, tables] of Object.entries(READ_JOINS)) {
      for (const [table, reason] of Object.entries(tables)) {
        expect(TABLE_OWNERS[table as TableName], `${module} joins its own ${table}`).not.toBe(module);
        expect(reason.length, `${module} joins ${table}: why?`).toBeGreaterThan(20);
      }
    }
  });

  it("finds a table however a query names it, and tells a read, a join and a write apart", () => {
    const source = [
      '// selectFrom("users") in a comment is no query',
      'db.selectFrom("consultants as c").innerJoin("users as u", "u.id", "c.id")',
      "  .deleteFrom(",
      '    "auditLog")',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a source file, read and never run
      "sql`select count(*) from appointments where ${sql`x`} and id in (select 1 from consultant_timings)`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a source file, read and never run
      'sql`delete from ${sql.table("notes")}`; sql.raw("update tasks set x = 1")',
    ].join("\n");
    expect(tableReferences(source)).toEqual([
      { table: "consultants", access: "reads", line: 2 },
      { table: "users", access: "joins", line: 2 },
      { table: "auditLog", access: "writes", line: 3 },
      { table: "notes", access: "reads", line: 6 },
      { table: "appointments", access: "reads", line: 5 },
      { table: "consultantTimings", access: "reads", line: 5 },
      { table: "tasks", access: "writes", line: 6 },
    ]);
    expect(violations("users", "users/x.ts", 'db.updateTable("appointments")')).toEqual([
      "users: users/x.ts:1 writes appointments, which appointments owns",
    ]);
    // An allowed join is a join only: the same table read on its own, or written, is still refused.
    const joined = 'db.selectFrom("tasks").innerJoin("users", "users.id", "tasks.assigneeId")';
    expect(violations("tasks", "tasks/x.ts", joined)).toEqual([]);
    const exists =
      'db.selectFrom("tasks").where((eb) => eb.exists(eb.selectFrom("users").whereRef("users.id", "=", "tasks.assigneeId")))';
    expect(violations("tasks", "tasks/x.ts", exists)).toEqual([]);
    expect(violations("tasks", "tasks/x.ts", 'db.selectFrom("users")')).toEqual([
      "tasks: tasks/x.ts:1 reads users, which users owns",
    ]);
  });
});
