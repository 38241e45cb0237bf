import type { PGlite } from '@electric-sql/pglite';

/**
 * Handing a used embedded database to the next test file instead of loading a new one: loading
 * the migrated template costs ~1.1 s of CPU per file (WebAssembly start, untar, PostgreSQL
 * boot), emptying the tables ~20 ms. The global setup writes the reset script from the freshly
 * migrated template (what the migrations seeded is copied into a side schema); a database whose
 * schema a test changed (a renamed table, a dropped trigger) fails the fingerprint check and
 * is replaced by a fresh load instead.
 */
export const SEED_SCHEMA = 'ziver_test_seed';

/** One hash of the public schema's tables, columns, indexes, constraints, triggers and functions. */
export const SCHEMA_FINGERPRINT_SQL = `
  select md5(string_agg(item, '|' order by item)) as fingerprint from (
    select 'c:' || table_name || '.' || column_name::text || ':' || data_type::text || ':' || coalesce(column_default::text, '') || ':' || is_nullable::text as item
      from information_schema.columns where table_schema = 'public'
    union all select 'i:' || indexname || ':' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'k:' || conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text
      from pg_trigger where not tgisinternal and tgrelid::regclass::text not like '${SEED_SCHEMA}.%'
    union all select 'f:' || p.oid::regprocedure::text || ':' || md5(p.prosrc)
      from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all select 's:' || sequencename from pg_sequences where schemaname = 'public'
  ) items`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Run on the migrated template before it is saved: copies every seeded table into SEED_SCHEMA
 * and returns the script that brings a used database back to the template's rows and sequences.
 */
export async function prepareResetScript(client: PGlite): Promise<{ script: string; fingerprint: string }> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((r) => r.name);
  await client.exec(`create schema ${SEED_SCHEMA}`);
  const seeded: string[] = [];
  for (const name of tables) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from public.${ident(name)}`);
    if (rows[0]!.n === 0) continue;
    await client.exec(`create table ${SEED_SCHEMA}.${ident(name)} as table public.${ident(name)}`);
    seeded.push(name);
  }
  const sequences = (
    await client.query<{ name: string; start: string; last: string | null }>(
      `select sequencename as name, start_value::text as start, last_value::text as last
       from pg_sequences where schemaname = 'public' order by 1`,
    )
  ).rows;
  const fingerprint = (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT_SQL)).rows[0]!.fingerprint;
  const script = [
    'rollback',
    // Triggers off while emptying: the audit log refuses TRUNCATE by trigger.
    'set session_replication_role = replica',
    `truncate table ${tables.map((t) => `public.${ident(t)}`).join(', ')} restart identity cascade`,
    ...seeded.map(
      (t) => `insert into public.${ident(t)} overriding system value select * from ${SEED_SCHEMA}.${ident(t)}`,
    ),
    ...sequences.map((s) =>
      s.last === null
        ? `select setval('public.${ident(s.name)}', ${s.start}, false)`
        : `select setval('public.${ident(s.name)}', ${s.last}, true)`,
    ),
    'reset all',
    'unlisten *',
    'select pg_advisory_unlock_all()',
    'discard temp',
    'select pg_stat_reset()',
  ].join(';\n');
  return { script: `${script};`, fingerprint };
}

/** Brings a used database back to the template; false when its schema was changed (load a fresh one). */
export async function resetToTemplate(
  client: PGlite,
  reset: { script: string; fingerprint: string },
): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec(reset.script);
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT_SQL);
    return rows[0]?.fingerprint === reset.fingerprint;
  } catch {
    return false;
  }
}
