import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { z } from 'zod';
import { CONTRACT } from '../../shared/src/contract/index.ts';

/**
 * Compiles the contract's zod schemas into small answer readers at build time, so the first
 * screen checks answers with the contract's own schemas without shipping zod (decisions §28).
 * In the mini app's source, `answerReader('miningStatus')` (src/lib/answer-shape.ts) is replaced
 * by the reader of `CONTRACT.miningStatus.response`, built from answer-shape.ts's parts. A schema
 * using anything the compiler does not know (a refinement, a transform, a string format, a
 * strict object…) fails the build rather than being checked loosely.
 */

/** This file, which names the call without making one. */
const COMPILER_MODULE = fileURLToPath(import.meta.url);
/** The module the compiled readers call into, and the name it is imported under. */
export const RUNTIME_MODULE = path.resolve(path.dirname(COMPILER_MODULE), '../src/lib/answer-shape.ts');
const RUNTIME = '__answerShape';

type Check = { _zod: { def: { check: string; minimum?: number } } };
type Def = {
  type: string;
  checks?: Check[];
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  inclusive?: boolean;
  values?: unknown[];
  entries?: Record<string, unknown>;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function unsupported(where: string, what: string): never {
  throw new Error(
    `answer readers: ${where || 'the answer'} uses ${what}, which build/answer-readers.ts cannot compile`,
  );
}

function noChecks(def: Def, where: string): void {
  const check = def.checks?.[0];
  if (check) unsupported(where, `a '${check._zod.def.check}' check on a ${def.type}`);
}

/** A JSON-able primitive as a JS literal, else null. */
function primitive(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  return typeof value === 'number' && Number.isFinite(value) ? JSON.stringify(value) : null;
}

/** The JS expression of the reader of `schema` (calling the runtime as `__answerShape`). */
export function compileReader(schema: z.ZodType, where = ''): string {
  const def = defOf(schema);
  const at = (key: string) => (where ? `${where}.${key}` : key);
  switch (def.type) {
    case 'string': {
      if (def.format) unsupported(where, `the string format '${def.format}'`);
      let minimum = 0;
      for (const check of def.checks ?? []) {
        const { check: kind, minimum: value } = check._zod.def;
        if (kind !== 'min_length' || typeof value !== 'number') unsupported(where, `a '${kind}' check on a string`);
        minimum = Math.max(minimum, value);
      }
      return minimum > 0 ? `${RUNTIME}.minLengthString(${minimum})` : `${RUNTIME}.string`;
    }
    case 'number':
    case 'boolean':
      noChecks(def, where);
      return `${RUNTIME}.${def.type}`;
    case 'unknown':
    case 'any':
      return `${RUNTIME}.unknownValue`;
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      const literals = values.map(
        (value) => primitive(value) ?? unsupported(where, `the ${def.type} value ${String(value)}`),
      );
      return `${RUNTIME}.oneOf([${literals.join(', ')}])`;
    }
    case 'nullable':
    case 'optional':
      noChecks(def, where);
      return `${RUNTIME}.${def.type}(${compileReader(def.innerType!, where)})`;
    case 'array':
      noChecks(def, where);
      return `${RUNTIME}.arrayOf(${compileReader(def.element!, `${where}[]`)})`;
    case 'record': {
      noChecks(def, where);
      const key = defOf(def.keyType!);
      if (key.type !== 'string' || key.format || key.checks?.length)
        unsupported(where, 'a record keyed other than by any string');
      return `${RUNTIME}.recordOf(${compileReader(def.valueType!, at('*'))})`;
    }
    case 'union':
      noChecks(def, where);
      if (def.inclusive === false) unsupported(where, 'an exclusive union');
      return `${RUNTIME}.anyOf([${def.options!.map((option) => compileReader(option, where)).join(', ')}])`;
    case 'object': {
      noChecks(def, where);
      if (def.catchall) unsupported(where, `an object with a catchall ('${defOf(def.catchall).type}')`);
      const fields = Object.entries(def.shape ?? {}).map(
        ([key, field]) => `${JSON.stringify(key)}: ${compileReader(field, at(key))}`,
      );
      return `${RUNTIME}.object({${fields.join(', ')}})`;
    }
    default:
      return unsupported(where, `zod's '${def.type}'`);
  }
}

/** The reader of the contract entry `id`'s success answer, as a JS expression. */
export function compileAnswerReader(id: string): string {
  const entry = (CONTRACT as Record<string, { response: z.ZodType } | undefined>)[id];
  if (!entry || !Object.hasOwn(CONTRACT, id)) throw new Error(`answer readers: no contract entry '${id}'`);
  return `/*#__PURE__*/ ${RUNTIME}.answer(${compileReader(entry.response)})`;
}

const CALL = /\banswerReader\(\s*(['"])([A-Za-z0-9_]+)\1\s*\)/g;

/**
 * Replaces every `answerReader('<id>')` in `code` by the compiled reader and imports the runtime
 * (on the first line, so line numbers stay). Null when the module has no call.
 */
export function compileAnswerReaderCalls(code: string, id: string): string | null {
  const file = id.split('?')[0];
  if (file === RUNTIME_MODULE || file === COMPILER_MODULE || !code.includes('answerReader(')) return null;
  const compiled = code.replace(CALL, (_call, _quote, entry: string) => `(${compileAnswerReader(entry)})`);
  if (compiled.includes('answerReader(')) {
    throw new Error(`answer readers: ${id} calls answerReader with something other than a contract id literal`);
  }
  return `import * as ${RUNTIME} from ${JSON.stringify(RUNTIME_MODULE)};${compiled}`;
}

/** The vite plugin (vite.config.ts and the mini app's vitest.config.ts). */
export function answerReaders(): Plugin {
  return {
    name: 'ziver:answer-readers',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(\?|$)/.test(id)) return null;
      const compiled = compileAnswerReaderCalls(code, id);
      return compiled === null ? null : { code: compiled, map: null };
    },
  };
}
