import type { ColumnType } from "kysely";

/** ISO-8601 UTC text on both engines (PostgreSQL timestamptz is parsed back to ISO text). */
export type Timestamp = string;

/**
 * Derived by the database from other columns: lowercased text for substring search (search_text), the
 * digits of phone numbers and CNICs (search_digits, migration 023).
 */
export type DerivedText = ColumnType<string, never, never>;
