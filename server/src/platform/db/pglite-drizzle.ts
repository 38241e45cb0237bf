import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from './schema.js';

type Query = PGlite['query'];

/**
 * Drizzle over an embedded PGlite, with Drizzle's result parsers installed on the database once
 * instead of passed with every query.
 *
 * Drizzle's PGlite driver sends the same few parsers (dates, timestamps and intervals kept as
 * text) in the options of every query, and PGlite answers each such query by copying all of its
 * ~320 parsers into a new object (`parseResults`): 40% of a one-row select's CPU (590 vs 380 µs,
 * the suite's hottest JavaScript function). Here a query's parsers are written onto the
 * database's own table (`client.parsers`, which PGlite reads for every query) and the query goes
 * without them: the same parser for the same type, no copy. They are written again on every
 * query because PGlite rewrites its array parsers when it reloads the array types; nine
 * assignments cost nothing beside the copy they replace.
 */
export function drizzleOverPglite(client: PGlite) {
  client.query = withParsersInstalled(client, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = withParsersInstalled(client, tx.query.bind(tx));
      return callback(tx);
    });
  return drizzle(client, { schema });
}

function withParsersInstalled(client: PGlite, query: Query): Query {
  return (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers, ...rest } = options;
    await client.waitReady;
    Object.assign(client.parsers, parsers);
    return query(text, params, rest);
  }) as Query;
}
