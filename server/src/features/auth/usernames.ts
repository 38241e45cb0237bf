import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { USERNAME_MAX, USERNAME_MIN } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

const ALLOWED = /^[A-Za-z0-9_.-]+$/;

/** Whether a string is a valid Ziver username as it stands (3-20 of letters, digits, _ . -). */
export function isValidUsername(value: string): boolean {
  return value.length >= USERNAME_MIN && value.length <= USERNAME_MAX && ALLOWED.test(value);
}

/**
 * A username base from a display name or an email: accents folded ("José" → "Jose"), spaces
 * become "_", anything else outside [A-Za-z0-9_.-] is dropped, cut to leave room for a suffix.
 * Null when nothing usable remains.
 */
export function usernameBase(source: string | null | undefined): string | null {
  if (!source) return null;
  const local = source.includes('@') ? source.slice(0, source.indexOf('@')) : source;
  const folded = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX - 5);
  return folded.length >= USERNAME_MIN ? folded : null;
}

/** The base itself, then the base with random 4-digit suffixes; every candidate is a valid username. */
export function usernameCandidates(base: string, count = 8): string[] {
  const trimmed = base.slice(0, USERNAME_MAX - 5);
  const candidates = isValidUsername(base) ? [base] : [];
  while (candidates.length < count) candidates.push(`${trimmed}_${randomInt(1000, 10000)}`);
  return candidates;
}

/** The first candidate nobody has (case-insensitive), or null when all are taken. */
export async function firstFreeUsername(db: Db, candidates: string[]): Promise<string | null> {
  if (candidates.length === 0) return null;
  const lowered = candidates.map((c) => c.toLowerCase());
  const taken = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lowered));
  const takenSet = new Set(taken.map((row) => row.name));
  return candidates.find((c) => !takenSet.has(c.toLowerCase())) ?? null;
}
