// Checks of an answer's shape without zod, for the answers of start-up and the mining screen, so
// neither downloads nor runs zod (~26 kB gzip). Each reader returns a fresh value holding only the
// fields it lists, like a zod object (unknown fields are dropped), and throws otherwise; the API
// client turns the throw into INVALID_RESPONSE. A test per answer checks a reader accepts and
// refuses exactly what the shared zod schema does (see features/mining/api/mining-answers.test.ts).

/** Reads a value at `path` (for the error's text) or throws. */
export type Reader<T> = (value: unknown, path?: string) => T;

/** What a reader of an object's fields returns. */
type Read<S extends Record<string, Reader<unknown>>> = { [K in keyof S]: ReturnType<S[K]> };

function refuse(path: string, expected: string): never {
  throw new TypeError(`answer: ${path || 'body'} is not ${expected}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export const string: Reader<string> = (value, path = '') =>
  typeof value === 'string' ? value : refuse(path, 'a string');

/** A string of at least one character (as z.string().min(1)). */
export const nonEmptyString: Reader<string> = (value, path = '') =>
  typeof value === 'string' && value.length > 0 ? value : refuse(path, 'a non-empty string');

/** A finite number (as zod's z.number()). */
export const number: Reader<number> = (value, path = '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : refuse(path, 'a number');

export const boolean: Reader<boolean> = (value, path = '') =>
  typeof value === 'boolean' ? value : refuse(path, 'a boolean');

export const unknownValue: Reader<unknown> = (value) => value;

export function literal<const V extends string | number | boolean>(expected: V): Reader<V> {
  return (value, path = '') => (value === expected ? expected : refuse(path, JSON.stringify(expected)));
}

export function oneOf<const V extends string>(values: readonly V[]): Reader<V> {
  return (value, path = '') =>
    values.includes(value as V) ? (value as V) : refuse(path, `one of ${values.join(', ')}`);
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path));
}

/** A field that may be absent (as zod's .optional()). */
export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (value, path) => (value === undefined ? undefined : read(value, path));
}

export function either<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return (value, path = '') => {
    try {
      return first(value, path);
    } catch {
      return second(value, path);
    }
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
export function object<S extends Record<string, Reader<unknown>>>(shape: S): Reader<Read<S>> {
  return (value, path = '') => {
    if (!isPlainObject(value)) return refuse(path, 'an object');
    const result: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const field = read(value[key], path ? `${path}.${key}` : key);
      // An absent optional field stays absent, as in zod's output.
      if (field !== undefined) result[key] = field;
    }
    return result as Read<S>;
  };
}

/** An answer's `message`, `messageKey` and `params` (the shared messageFields), to spread into a shape. */
export const messageFields = {
  message: string,
  messageKey: nonEmptyString,
  params: recordOf(either(string, number)),
};

/** The same, for answers that carry a text only sometimes (optionalMessageFields). */
export const optionalMessageFields = {
  message: optional(string),
  messageKey: optional(nonEmptyString),
  params: optional(recordOf(either(string, number))),
};
