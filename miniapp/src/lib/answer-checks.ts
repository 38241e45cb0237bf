import { recordOf, refuse, type Reader } from './answer-shape';

// The answer readers' parts for zod's checks beyond the plain kinds (a pattern, number bounds,
// enum-keyed records, null), apart from answer-shape.ts so that only the chunks whose answers use
// them load them: only the lib/endpoints/ modules whose readers call one import this module.
// None of the first screen's answers does (the first screen's budget, docs/decisions.md §30).

/** A string of at least `minimum` characters matching every pattern (as z.string().regex(…)). */
export function matchingString(minimum: number, patterns: readonly RegExp[]): Reader<string> {
  return (value, path = '') =>
    typeof value === 'string' && value.length >= minimum && patterns.every((pattern) => pattern.test(value))
      ? value
      : refuse(path, 'a string of the expected form');
}

/** Whether `value` is a whole number of `step`s, as zod's multipleOf decides (util.floatSafeRemainder). */
function isMultipleOf(value: number, step: number): boolean {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
}

/**
 * A number passing zod's number checks: ['>=', 0], ['<', 5], ['step', 0.01] (multipleOf),
 * ['int', 0] (a safe integer).
 */
export function checkedNumber(checks: readonly (readonly [string, number])[]): Reader<number> {
  const holds = (value: number, [kind, bound]: readonly [string, number]) =>
    kind === '>='
      ? value >= bound
      : kind === '>'
        ? value > bound
        : kind === '<='
          ? value <= bound
          : kind === '<'
            ? value < bound
            : kind === 'step'
              ? isMultipleOf(value, bound)
              : Number.isSafeInteger(value);
  return (value, path = '') =>
    typeof value === 'number' && Number.isFinite(value) && checks.every((check) => holds(value, check))
      ? value
      : refuse(path, 'a number in range');
}

export const nullValue: Reader<null> = (value, path = '') => (value === null ? null : refuse(path, 'null'));

/**
 * An object keyed by the listed keys only (as z.record(z.enum(keys), …), which needs every key,
 * or z.partialRecord, which needs none).
 */
export function keyedRecordOf<T>(
  keys: readonly string[],
  isPartial: boolean,
  read: Reader<T>,
): Reader<Record<string, T>> {
  const all = recordOf(read);
  return (value, path = '') => {
    const result = all(value, path);
    const isKnown = Object.keys(result).every((key) => keys.includes(key));
    return isKnown && (isPartial || keys.every((key) => Object.hasOwn(result, key)))
      ? result
      : refuse(path, `an object keyed by ${keys.join(', ')}`);
  };
}
