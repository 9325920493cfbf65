import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL dialect, with an introspector that reads only the connection's own schema
 * (`current_schema()`). Kysely's own reads every schema of the database, and fails with
 * `schema "<another>" does not exist` when another schema is dropped during that read (a parallel test, or
 * another app sharing the database): the migrator introspects on every start, so our start failed with it
 * (seen in CI; migrations.test.ts reproduces it). Only the migrator introspects.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  schema: string;
  table_type: string;
  column: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.#db);
    return rows.flatMap(({ name }) => (name ? [{ name }] : []));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as table_type, a.attname as "column",
             format_type(a.atttypid, null) as "type", a.attnotnull as not_null, a.atthasdef as has_default,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
               is not null as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<
      string,
      { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }
    >();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
