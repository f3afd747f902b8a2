import type { CompiledQuery, RawBuilder, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import pg from "pg";

/**
 * An export on PostgreSQL is one `COPY (select ...) TO STDOUT WITH (FORMAT csv)`: the database writes the
 * CSV and the server passes its bytes on, so no row ever becomes a JavaScript object (reading the rows
 * page by page left about 1 KB a row in the old generation until a full collection: 67 MB of RSS at 100k
 * consultants, against a goal of 50). SQLite keeps the page reader (lib/lists.ts), which stays under it.
 *
 * The rule: each column's cell here writes exactly the text the page reader writes for it (CsvColumn.value
 * through csv-stringify), so a file is the same byte for byte on both engines (csv-copy.test.ts checks it
 * on tricky values).
 */

/** A cell of an export in SQL: its text as the page reader would write it, or null for an empty cell. */
export type CsvCell = RawBuilder<string | null>;

/**
 * Text, neutralised like the page reader's cells (a leading =, +, -, @, tab or carriage return gets a ');
 * an empty text is null, because COPY quotes an empty string ("") but not a null, and csv-stringify quotes
 * neither.
 */
export const textCell = (column: string | RawBuilder<unknown>) => {
  const value = typeof column === "string" ? sql`${sql.ref(column)}::text` : sql`(${column})::text`;
  return sql<
    string | null
  >`case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${value} else nullif(${value}, '') end`;
};

/** A boolean as the words true and false. */
export const booleanCell = (column: string) =>
  sql<string | null>`case when ${sql.ref(column)} then 'true' when not ${sql.ref(column)} then 'false' end`;

/**
 * A number as JavaScript writes it: PostgreSQL's shortest text of a double is the same for every value from
 * 0.0001 to 10^15 (JavaScript and PostgreSQL choose exponents at different sizes beyond). Numbers are never
 * neutralised: a negative number is not a formula.
 */
export const numberCell = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

/** A moment as Date.toISOString writes it: UTC, milliseconds, Z. */
export const timestampCell = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The COPY statement of a list's query (its conditions and order), selecting only the cells. */
export const copyOf = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  cells: readonly CsvCell[],
) =>
  copyStatement(
    query
      .clearSelect()
      .select(cells.map((cell, n) => cell.as(`cell${n}`)))
      .compile(),
  );

/**
 * The COPY statement of a compiled select. COPY takes no bind parameters, so each one is written into the
 * text as a string literal, quoted by pg's escapeLiteral: an unknown-typed literal, which PostgreSQL types
 * from its context exactly as it types an untyped parameter (Kysely sends every parameter untyped).
 */
function copyStatement(query: CompiledQuery): string {
  return `copy (${inlineParameters(query.sql, query.parameters)}) to stdout with (format csv)`;
}

/** The SQL with each $n (outside quoted literals and identifiers) replaced by its value as a literal. */
export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  let out = "";
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === "'" || char === '"') {
      // A quoted literal or identifier runs to the next lone quote of its kind (a doubled one is escaped).
      let end = at + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end === -1) throw new Error("unterminated quote in SQL");
        if (text[end + 1] === char) end += 2;
        else break;
      }
      out += text.slice(at, end + 1);
      at = end + 1;
      continue;
    }
    const parameter = char === "$" ? /^\$(\d+)/.exec(text.slice(at, at + 12)) : null;
    if (parameter) {
      const index = Number(parameter[1]) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`no value for $${index + 1}`);
      out += literalOf(parameters[index]);
      at += parameter[0].length;
      continue;
    }
    out += char;
    at += 1;
  }
  return out;
}

/** A parameter as a literal; a kind of value no list query sends is refused rather than guessed. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return pg.escapeLiteral(String(value));
  if (typeof value === "bigint") return pg.escapeLiteral(String(value));
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  throw new Error(`a parameter of type ${typeof value} cannot be written into a COPY statement`);
}
