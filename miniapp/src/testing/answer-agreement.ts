import { expect } from 'vitest';
import type { ZodType } from 'zod';
import type { Reader } from '@/lib/answer-shape';

// Checks a reader compiled from a zod schema (build/endpoint-table.ts) against the schema itself:
// for an answer and every variant of it with one field deleted or replaced, both must accept
// (with the same value) or both refuse.

/** Every object key and array index of a JSON value, as paths. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

const DELETE = Symbol('delete');

/** A deep copy of `value` with the field at `path` replaced (or deleted). */
function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (next === DELETE) delete parent[last];
  else parent[last] = next;
  return copy;
}

const REPLACEMENTS: unknown[] = [DELETE, null, '', 'x', 0, -2.5, true, false, {}, [], [1], { a: 1 }];
const ENUM_VALUES = ['USER', 'ADMIN', 'dark', 'auto', 'es', 'zh', 'ZP', 'SEB', 'user', 'EUR', 'pt'];

/** Runs the reader and the schema; both must accept (with the same value) or both refuse. */
export function expectAgreement(read: Reader<unknown>, schema: ZodType, body: unknown, label: string) {
  const zod = schema.safeParse(body);
  let ours: { ok: true; value: unknown } | { ok: false };
  try {
    ours = { ok: true, value: read(body) };
  } catch {
    ours = { ok: false };
  }
  expect(ours.ok, label).toBe(zod.success);
  if (ours.ok && zod.success) expect(ours.value, label).toStrictEqual(zod.data);
}

/** `body` with each field in turn deleted or replaced by each test value, labelled. */
export function mutationsOf(body: unknown): [string, unknown][] {
  return pathsOf(body).flatMap((path) =>
    [...REPLACEMENTS, ...ENUM_VALUES].map((next): [string, unknown] => [
      `${path.join('.')} = ${String(next)}`,
      replaced(body, path, next),
    ]),
  );
}
