import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

/**
 * PostgreSQL as Kysely speaks it, except that introspection (which the migrator runs on every start) reads
 * only the schema the product works in. Kysely's own introspector reads every schema in the database and
 * calls functions on each by name, so a schema dropped by someone else while it reads makes it fail
 * ("schema … does not exist"); it also grows with whatever else shares the database.
 */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string | undefined) {
    super(config);
    this.#schema = schema ?? "public";
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.#schema);
  }
}

type ColumnRow = {
  table: string;
  tableType: string;
  column: string;
  dataType: string;
  notNull: boolean;
  hasDefault: boolean;
  autoIncrementing: boolean;
};

class SchemaIntrospector implements DatabaseIntrospector {
  readonly db: Kysely<unknown>;
  readonly schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.db = db;
    this.schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // A join on oids within one schema: nothing here looks another object up by name.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as "tableType", a.attname as "column", t.typname as "dataType",
             a.attnotnull as "notNull", a.atthasdef as "hasDefault",
             coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) or a.attidentity <> '' as "autoIncrementing"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type t on t.oid = a.atttypid
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: this.schema, isView: row.tableType === "v", columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as TableMetadata["columns"][number][]).push({
        name: row.column,
        dataType: row.dataType,
        dataTypeSchema: "pg_catalog",
        isNullable: !row.notNull,
        isAutoIncrementing: row.autoIncrementing,
        hasDefaultValue: row.hasDefault,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
