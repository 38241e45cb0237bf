// The parts of the answer readers in lib/endpoints/, which miniapp/build/endpoint-table.ts
// compiles from the contract's zod schemas (`shape.object({ success: shape.oneOf([true]), … })`),
// so an answer is checked by its contract schema without zod in the bundle (~26 kB gzip; zod/mini
// ~7 kB, docs/decisions.md §30). Nothing here is written per answer: a reader returns a fresh
// value holding only the fields its schema lists (unknown fields dropped, as zod objects do) and
// throws otherwise; the API client turns the throw into INVALID_RESPONSE.

/** Reads a value at `path` (for the error's text) or throws. */
export type Reader<T> = (value: unknown, path?: string) => T;

/** Reads a whole answer (the API client's `parse`: its second argument is not a path). */
export type AnswerReader<T> = (answer: unknown) => T;

export function refuse(path: string, expected: string): never {
  throw new TypeError(`answer: ${path || 'body'} is not ${expected}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export const string: Reader<string> = (value, path = '') =>
  typeof value === 'string' ? value : refuse(path, 'a string');

/** A string of at least `minimum` characters (as z.string().min(minimum)). */
export function minLengthString(minimum: number): Reader<string> {
  return (value, path = '') =>
    typeof value === 'string' && value.length >= minimum ? value : refuse(path, `a string of ${minimum}+ characters`);
}

/** A finite number (as zod's z.number()). */
export const number: Reader<number> = (value, path = '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : refuse(path, 'a number');

export const boolean: Reader<boolean> = (value, path = '') =>
  typeof value === 'boolean' ? value : refuse(path, 'a boolean');

export const unknownValue: Reader<unknown> = (value) => value;

/** One of the listed values (z.literal, z.enum). */
export function oneOf<const V extends string | number | boolean>(values: readonly V[]): Reader<V> {
  return (value, path = '') =>
    values.includes(value as V) ? (value as V) : refuse(path, `one of ${values.join(', ')}`);
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path));
}

/** A value that may be absent (as zod's .optional()). */
export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (value, path) => (value === undefined ? undefined : read(value, path));
}

/** The first option that reads the value (as z.union). */
export function anyOf(options: readonly Reader<unknown>[]): Reader<unknown> {
  return (value, path = '') => {
    for (const read of options) {
      try {
        return read(value, path);
      } catch {
        // the next option
      }
    }
    return refuse(path, 'any of its options');
  };
}

export function arrayOf<T>(read: Reader<T>): Reader<T[]> {
  return (value, path = '') => {
    if (!Array.isArray(value)) return refuse(path, 'an array');
    // By index, not map: a hole is an undefined item (refused), as in zod.
    return Array.from({ length: value.length }, (_, index) => read(value[index], `${path}[${index}]`));
  };
}

/** An object with any string keys, every value read by `read` (as z.record(z.string(), …)). */
export function recordOf<T>(read: Reader<T>): Reader<Record<string, T>> {
  return (value, path = '') => {
    if (!isPlainObject(value)) return refuse(path, 'an object');
    const result: Record<string, T> = {};
    for (const [key, item] of Object.entries(value)) result[key] = read(item, `${path}.${key}`);
    return result;
  };
}

/** An object with exactly the listed fields read (others are dropped, as z.object does). */
export function object(shape: Record<string, Reader<unknown>>): Reader<Record<string, unknown>> {
  return (value, path = '') => {
    if (!isPlainObject(value)) return refuse(path, 'an object');
    const result: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const field = read(value[key], path ? `${path}.${key}` : key);
      // An absent optional field stays absent, as in zod's output.
      if (field !== undefined) result[key] = field;
    }
    return result;
  };
}
