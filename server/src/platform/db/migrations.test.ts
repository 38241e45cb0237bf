import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The migrations folder as drizzle-kit writes it and drizzle's migrator reads it (client.ts).
const folder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const snapshot = (idx: number) =>
  JSON.parse(readFileSync(`${folder}/meta/${String(idx).padStart(4, '0')}_snapshot.json`, 'utf8')) as {
    id: string;
    prevId: string;
    tables: Record<string, unknown>;
  };

/**
 * 0023 was written before 0022 and both landed together, so no database holds 0022 without
 * 0023. Its timestamp cannot be raised now: every database has both, and the migrator would
 * run 0023 again on each of them.
 */
const LANDED_OUT_OF_ORDER = new Set(['0023_operator_texts']);

/** Tables a migration drops on purpose (their rows moved elsewhere by the same migration). */
const DROPPED_ON_PURPOSE = new Set([
  // Announcement deliveries became outbox_messages rows (the one outbox).
  '0024_one_outbox: public.announcement_deliveries',
]);

describe('the migrations folder', () => {
  it('applies each new migration to a database holding every earlier one', () => {
    // drizzle's migrator runs only the entries newer ("when") than the newest it has applied.
    let newest = 0;
    const skipped: string[] = [];
    for (const entry of journal.entries) {
      if (entry.when <= newest && !LANDED_OUT_OF_ORDER.has(entry.tag)) skipped.push(entry.tag);
      newest = Math.max(newest, entry.when);
    }
    expect(skipped).toEqual([]);
  });

  it('keeps one chain of snapshots, so drizzle-kit generates the next migration from the last', () => {
    const snapshots = journal.entries.map((entry) => snapshot(entry.idx));
    const links = snapshots
      .slice(1)
      .map((s, i) => ({ tag: journal.entries[i + 1]!.tag, ok: s.prevId === snapshots[i]!.id }));
    expect(links.filter((link) => !link.ok)).toEqual([]);
    // Each snapshot holds the tables of the one before it (none is dropped by the schema, but on purpose).
    const lost = snapshots.slice(1).flatMap((s, i) =>
      Object.keys(snapshots[i]!.tables)
        .filter((table) => !(table in s.tables))
        .map((table) => `${journal.entries[i + 1]!.tag}: ${table}`)
        .filter((lost) => !DROPPED_ON_PURPOSE.has(lost)),
    );
    expect(lost).toEqual([]);
  });
});
