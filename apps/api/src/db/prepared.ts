import type { Compilable, CompiledQuery, Kysely } from "kysely";
import { immediateReaderOf, keepPrepared } from "./database";
import type { Database } from "./schema";

/** Stands for the i-th parameter while the query is built; a value no caller could send. */
const placeholder = (index: number) => `\u0000prepared-parameter-${index}\u0000`;

/**
 * A query that is built and compiled once, on first use, then only run with new parameter values:
 * building a Kysely query and compiling it (with the camel-case plugin) costs more than running it on a
 * hot path such as the session check of every request. `build` receives one placeholder per parameter
 * and must use each only as a value (never in a structural position such as a column name).
 * Reads only: on SQLite they may run at once, outside Kysely's queue; on PostgreSQL each connection keeps
 * them prepared (db/database.ts).
 */
export function preparedQuery<Params extends unknown[], Row>(
  build: (db: Kysely<Database>, ...params: { [K in keyof Params]: Params[K] }) => Compilable<Row>,
  arity: Params["length"],
) {
  // One compiled form per database (its adapter is shared by its transactions): SQL differs by dialect.
  const compiledFor = new WeakMap<object, { query: CompiledQuery<Row>; slots: number[] }>();

  function compile(db: Kysely<Database>) {
    const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index));
    const query = build(db, ...(placeholders as Params)).compile();
    keepPrepared(query.sql);
    const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
    for (let index = 0; index < arity; index += 1) {
      if (!slots.includes(index)) throw new Error(`prepared query does not use parameter ${index}`);
    }
    return { query, slots };
  }

  return {
    /** Runs on a connection or a transaction: the SQL is the same for both. */
    async execute(db: Kysely<Database>, ...params: Params): Promise<Row[]> {
      const adapter = db.getExecutor().adapter;
      let compiled = compiledFor.get(adapter);
      if (!compiled) {
        compiled = compile(db);
        compiledFor.set(adapter, compiled);
      }
      const { query, slots } = compiled;
      const parameters = slots.map((slot, index) => (slot === -1 ? query.parameters[index] : params[slot]));
      const rows = immediateReaderOf(db)?.({ ...query, parameters });
      if (rows) return rows as Row[];
      const result = await db.executeQuery<Row>({ ...query, parameters });
      return result.rows;
    },
  };
}
