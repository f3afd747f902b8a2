import { READ_JOINS, TABLE_OWNERS, type TableName } from "./table-owners";

/**
 * The tables a source file names in its queries: Kysely's calls (selectFrom("users"), innerJoin("users as
 * u", ...)) and the `from` / `join` / `into` / `update` of SQL written as text (sql`...`, strings given to
 * sql.raw). Comments are skipped. Read by db/table-ownership.test.ts.
 */

const WRITE_CALLS = new Set(["insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);
const JOIN_CALLS = /Join/;
const KYSELY_CALL =
  /(\w*)\s*\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral|using|from|table)\(\s*(["'`])([A-Za-z_][A-Za-z0-9_]*)(?:\s+as\s+\w+)?\3/g;
const SQL_TEXT = /\b(delete\s+from|from|join|into|update)\s+"?([a-z][a-z0-9_]*)"?/gi;

/** A table by its Kysely name (camelCase) or its SQL name (snake_case). */
const TABLES = new Map<string, TableName>(
  (Object.keys(TABLE_OWNERS) as TableName[]).flatMap((name) => [
    [name, name],
    [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), name],
  ]),
);

/** A write, a join to the query's own table, or a read of its own (selectFrom, `from`). */
export type Access = "writes" | "joins" | "reads";

export interface TableReference {
  table: TableName;
  access: Access;
  line: number;
}

/** A sub-query of an expression builder (eb.selectFrom, in an exists or a select) joins its outer query's row. */
const callAccess = (on: string, call: string): Access =>
  WRITE_CALLS.has(call) ? "writes" : JOIN_CALLS.test(call) || on === "eb" ? "joins" : "reads";
const textAccess = (keyword: string): Access =>
  keyword === "join" ? "joins" : keyword === "from" ? "reads" : "writes";

/**
 * The source without its comments (newlines kept, so lines still count), and the text of its string
 * literals and template parts, where SQL written as text lives.
 */
function split(source: string): { code: string; texts: { text: string; at: number }[] } {
  let code = "";
  const texts: { text: string; at: number }[] = [];
  // Open template literals: how deep in `${` braces each one's current expression is (-1: in its text).
  const templates: number[] = [];
  let i = 0;
  let text = "";
  let textAt = 0;
  const endText = () => {
    if (text) texts.push({ text, at: textAt });
    text = "";
  };
  while (i < source.length) {
    const c = source[i] as string;
    const inTemplateText = templates.length > 0 && templates.at(-1) === -1;
    if (inTemplateText) {
      code += c;
      if (c === "\\") {
        code += source[i + 1] ?? "";
        text += source.slice(i, i + 2);
        i += 2;
      } else if (c === "`") {
        endText();
        templates.pop();
        i += 1;
      } else if (c === "$" && source[i + 1] === "{") {
        endText();
        code += "{";
        templates[templates.length - 1] = 0;
        i += 2;
      } else {
        text += c;
        i += 1;
      }
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i += 1;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      code += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      texts.push({ text: source.slice(i + 1, j), at: i });
      code += source.slice(i, j + 1);
      i = j + 1;
    } else if (c === "`") {
      templates.push(-1);
      textAt = i;
      code += c;
      i += 1;
    } else {
      if (templates.length > 0) {
        const depth = templates.at(-1) as number;
        if (c === "{") templates[templates.length - 1] = depth + 1;
        if (c === "}") {
          if (depth === 0) {
            templates[templates.length - 1] = -1;
            textAt = i;
          } else templates[templates.length - 1] = depth - 1;
        }
      }
      code += c;
      i += 1;
    }
  }
  return { code, texts };
}

const lineAt = (source: string, at: number) => source.slice(0, at).split("\n").length;

/** Every table a source file names in a query. */
export function tableReferences(source: string): TableReference[] {
  const { code, texts } = split(source);
  const found: TableReference[] = [];
  for (const match of code.matchAll(KYSELY_CALL)) {
    const [whole, on, call, , name] = match as unknown as string[];
    const table = TABLES.get(name as string);
    const at = match.index + (whole as string).indexOf(`.${call}`);
    if (table)
      found.push({ table, access: callAccess(on as string, call as string), line: lineAt(code, at) });
  }
  for (const { text, at } of texts) {
    for (const match of text.matchAll(SQL_TEXT)) {
      const table = TABLES.get(match[2] as string);
      const keyword = (match[1] as string).toLowerCase();
      if (table) found.push({ table, access: textAccess(keyword), line: lineAt(source, at) });
    }
  }
  return found;
}

/** What a module's file may not do: name a table it does not own, but to join one its allow-list names. */
export function violations(module: string, file: string, source: string): string[] {
  return tableReferences(source).flatMap(({ table, access, line }) => {
    const owner = TABLE_OWNERS[table];
    if (owner === module) return [];
    if (access === "joins" && READ_JOINS[module]?.[table]) return [];
    return [`${module}: ${file}:${line} ${access} ${table}, which ${owner} owns`];
  });
}
