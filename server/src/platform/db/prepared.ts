import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';

/**
 * Fixed statements of the hot paths (a claim, a session the cache does not know, a status
 * read), run without Drizzle's query builder: the text is a constant, so nothing is built per
 * request, and on node-postgres it is a named statement, parsed and planned once per
 * connection. Rows come back as Drizzle reads them (dates and timestamps as text, for
 * `mapFromDriverValue`); `tableRowMapper` maps them to the table's row type.
 */
export async function runPrepared(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]>;
export async function runPrepared(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
  rowMode: 'array',
): Promise<unknown[][]>;
export async function runPrepared(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
  rowMode?: 'array',
): Promise<unknown[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const config = { name, text, values, types: RAW_DATE_TYPES, ...(rowMode ? { rowMode } : {}) };
    return (await client.query(config as pg.QueryConfig)).rows as unknown[];
  }
  return (
    await (client as PGlite).query<unknown>(text, values, { parsers: PGLITE_PARSERS, ...(rowMode ? { rowMode } : {}) })
  ).rows;
}

/** Driver values as text for dates and timestamps (and their arrays), as Drizzle reads them. */
const RAW_TYPE_IDS: ReadonlySet<number> = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);

const keepText = (value: string) => value;
const RAW_DATE_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPE_IDS.has(typeId) ? keepText : pg.types.getTypeParser(typeId, format)) as never,
};
const PGLITE_PARSERS = Object.fromEntries([...RAW_TYPE_IDS].map((id) => [id, keepText]));

/** Maps raw rows of one table (driver values) to Drizzle's row type, built once per table. */
export type TableRowMapper<T extends Table> = {
  /** `alias."column", …` in the order `fromArray` reads them. */
  selectList(alias: string): string;
  /** How many columns `selectList` names. */
  width: number;
  /** The row from an array row (`rowMode: 'array'`), its columns starting at `offset`. */
  fromArray(values: readonly unknown[], offset?: number): T['$inferSelect'];
  /** The row from an object row keyed by column name (`alias.*`). */
  fromObject(row: Record<string, unknown>): T['$inferSelect'];
};

export function tableRowMapper<T extends Table>(table: T): TableRowMapper<T> {
  const columns = Object.entries(getTableColumns(table));
  const read = (column: (typeof columns)[number][1], value: unknown) =>
    value === null || value === undefined ? null : column.mapFromDriverValue(value);
  return {
    selectList: (alias) => columns.map(([, column]) => `${alias}."${column.name}"`).join(', '),
    width: columns.length,
    fromArray(values, offset = 0) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const [key, column] = columns[i]!;
        row[key] = read(column, values[offset + i]);
      }
      return row as T['$inferSelect'];
    },
    fromObject(values) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) row[key] = read(column, values[column.name]);
      return row as T['$inferSelect'];
    },
  };
}
