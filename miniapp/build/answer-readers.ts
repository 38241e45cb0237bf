import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { z } from 'zod';
import { CONTRACT, fillPath } from '../../shared/src/contract/index.ts';

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
/** The run-time of zod's checks (lib/answer-checks.ts), imported only where a reader uses one. */
export const CHECKS_MODULE = path.resolve(path.dirname(COMPILER_MODULE), '../src/lib/answer-checks.ts');
const CHECKS = '__answerChecks';
/** The module that sends multipart forms (with upload progress), imported where a call sends one. */
export const UPLOAD_MODULE = path.resolve(path.dirname(COMPILER_MODULE), '../src/lib/upload.ts');
const UPLOAD = '__upload';

type Check = {
  _zod: {
    def: { check: string; minimum?: number; value?: unknown; inclusive?: boolean; format?: string; pattern?: RegExp };
  };
};
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
  discriminator?: string;
  partial?: boolean;
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
      const patterns: string[] = [];
      for (const check of def.checks ?? []) {
        const { check: kind, minimum: value, format, pattern } = check._zod.def;
        if (
          kind === 'string_format' &&
          format === 'regex' &&
          pattern instanceof RegExp &&
          !/[gy]/.test(pattern.flags)
        ) {
          patterns.push(pattern.toString());
          continue;
        }
        if (kind !== 'min_length' || typeof value !== 'number') unsupported(where, `a '${kind}' check on a string`);
        minimum = Math.max(minimum, value);
      }
      if (patterns.length > 0) return `${CHECKS}.matchingString(${minimum}, [${patterns.join(', ')}])`;
      return minimum > 0 ? `${RUNTIME}.minLengthString(${minimum})` : `${RUNTIME}.string`;
    }
    case 'number': {
      // zod 4's number checks: bounds (min/max/positive/nonnegative…) and .int() (a safe integer).
      const bounds: string[] = [];
      // z.int() is a number with the format 'safeint'; other formats (int32, float32…) are not compiled.
      if (def.format === 'safeint') bounds.push('["int", 0]');
      else if (def.format) unsupported(where, `the number format '${def.format}'`);
      for (const check of def.checks ?? []) {
        const { check: kind, value, inclusive, format } = check._zod.def;
        if ((kind === 'greater_than' || kind === 'less_than') && typeof value === 'number') {
          bounds.push(JSON.stringify([`${kind === 'greater_than' ? '>' : '<'}${inclusive ? '=' : ''}`, value]));
        } else if (kind === 'multiple_of' && typeof value === 'number') bounds.push(JSON.stringify(['step', value]));
        else if (kind === 'number_format' && format === 'safeint') bounds.push('["int", 0]');
        else unsupported(where, `a '${kind}'${format ? ` (${format})` : ''} check on a number`);
      }
      return bounds.length > 0 ? `${CHECKS}.checkedNumber([${bounds.join(', ')}])` : `${RUNTIME}.number`;
    }
    case 'boolean':
      noChecks(def, where);
      return `${RUNTIME}.${def.type}`;
    case 'null':
      return `${CHECKS}.nullValue`;
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
      const value = compileReader(def.valueType!, at('*'));
      if (key.type === 'enum' && !key.checks?.length) {
        // z.record(z.enum(…)) needs every key; z.partialRecord any of them; no other key either way.
        const keys = Object.values(key.entries ?? {}).map(
          (entry) =>
            (typeof entry === 'string' ? JSON.stringify(entry) : null) ??
            unsupported(where, 'a record keyed by a non-string enum'),
        );
        return `${CHECKS}.keyedRecordOf([${keys.join(', ')}], ${def.partial === true}, ${value})`;
      }
      if (key.type !== 'string' || key.format || key.checks?.length)
        unsupported(where, 'a record keyed other than by any string or an enum');
      return `${RUNTIME}.recordOf(${value})`;
    }
    case 'union':
      noChecks(def, where);
      // A discriminated union's options differ in a literal field, so at most one reads a value:
      // the first that does is zod's answer. Any other exclusive union (z.xor) is not compiled.
      if (def.inclusive === false && !def.discriminator) unsupported(where, 'an exclusive union');
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
  const entry = contractEntry(id);
  return `/*#__PURE__*/ ${RUNTIME}.answer(${compileReader(entry.response)})`;
}

/**
 * A contract path as a JS expression: the string itself, or for one with `{name}` parameters a
 * function of the params filling them as shared fillPath does (URI-encoded), so the mini app
 * needs no path parser at run time.
 */
export function compilePath(contractPath: string): string {
  const names = [...contractPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return JSON.stringify(contractPath);
  // fillPath with markers: what it leaves between them is the literal text.
  const marked = fillPath(contractPath, Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])));
  const pieces = marked
    .split('%00')
    .map((piece, index) =>
      index % 2 === 1 ? `encodeURIComponent(String(p[${JSON.stringify(piece)}]))` : JSON.stringify(piece),
    );
  return `(p) => ${pieces.filter((piece) => piece !== '""').join(' + ')}`;
}

/** Whether a success answer may say `success: false` (a union with such an option): its ordinary answer then. */
function answersUnsuccessfully(schema: z.ZodType): boolean {
  const def = defOf(schema);
  const isFalse = (field: z.ZodType | undefined) =>
    field !== undefined && defOf(field).type === 'literal' && defOf(field).values?.includes(false) === true;
  if (def.type === 'object') return isFalse(def.shape?.success);
  return def.type === 'union' && def.options!.some(answersUnsuccessfully);
}

type ContractEntry = {
  method: string;
  path: string;
  response: z.ZodType;
  bodyType?: string;
  responseType?: string;
};

function contractEntry(id: string): ContractEntry {
  const entry = (CONTRACT as Record<string, ContractEntry | undefined>)[id];
  if (!entry || !Object.hasOwn(CONTRACT, id)) throw new Error(`answer readers: no contract entry '${id}'`);
  return entry;
}

/**
 * The contract entry `id` as a JS expression of src/lib/call.ts's CompiledEndpoint: method, path,
 * the compiled reader of its answer (none for a file answer), and whether its body is a
 * multipart form, its answer a file, or `success: false` an ordinary answer.
 */
export function compileEndpoint(id: string, { isPathOnly = false } = {}): string {
  const entry = contractEntry(id);
  const parts = [`method: ${JSON.stringify(entry.method)}`, `path: ${compilePath(entry.path)}`];
  // apiUrl needs only where the call goes.
  if (isPathOnly) return `{ ${parts.join(', ')} }`;
  if (entry.responseType === 'binary') parts.push('file: true');
  else parts.push(`read: ${compileReader(entry.response)}`);
  if (entry.bodyType === 'multipart') parts.push(`form: ${UPLOAD}.uploadCall`);
  if (entry.responseType !== 'binary' && answersUnsuccessfully(entry.response)) parts.push('unsuccessful: true');
  return `{ ${parts.join(', ')} }`;
}

const CALL = /\banswerReader\(\s*(['"])([A-Za-z0-9_]+)\1\s*\)/g;
/** The functions of src/lib/call.ts whose first argument, a contract id, becomes the compiled entry. */
const ENDPOINT_CALL = /(?<![\w$.])(call|callTimed|apiUrl)\(\s*(['"])([A-Za-z0-9_]+)\2/g;
const ENDPOINT_CALL_LEFT = /(?<![\w$.])(call|callTimed|apiUrl)\((?!\{ method: )/;
/** The module of `call`. */
export const CALL_MODULE = path.resolve(path.dirname(COMPILER_MODULE), '../src/lib/call.ts');
const IMPORTS_CALL = /from\s+['"](@\/lib\/(?:call|early-calls)|\.{1,2}\/(?:[\w.-]+\/)*(?:call|early-calls))['"]/;
const EARLY_CALLS_MODULE = path.resolve(path.dirname(COMPILER_MODULE), '../src/lib/early-calls.ts');

/**
 * Replaces every `answerReader('<id>')` in `code` by the compiled reader, and the contract id of
 * every `call('<id>', …)`, `callTimed('<id>', …)` and `apiUrl('<id>', …)` by the compiled entry,
 * and imports the runtime (on the first line, so line numbers stay). Null when the module has no
 * call.
 */
export function compileAnswerReaderCalls(code: string, id: string): string | null {
  const file = id.split('?')[0];
  if ([RUNTIME_MODULE, CHECKS_MODULE, COMPILER_MODULE, CALL_MODULE, EARLY_CALLS_MODULE, UPLOAD_MODULE].includes(file!))
    return null;
  const callsEndpoints = IMPORTS_CALL.test(code);
  if (!code.includes('answerReader(') && !callsEndpoints) return null;
  let compiled = code.replace(CALL, (_call, _quote, entry: string) => `(${compileAnswerReader(entry)})`);
  if (compiled.includes('answerReader(')) {
    throw new Error(`answer readers: ${id} calls answerReader with something other than a contract id literal`);
  }
  if (callsEndpoints) {
    compiled = compiled.replace(
      ENDPOINT_CALL,
      (_call, name: string, _quote, entry: string) =>
        `${name}(${compileEndpoint(entry, { isPathOnly: name === 'apiUrl' })}`,
    );
    const left = ENDPOINT_CALL_LEFT.exec(compiled);
    if (left) throw new Error(`answer readers: ${id} calls ${left[1]} with something other than a contract id literal`);
  }
  const sendsForms = compiled.includes(`form: ${UPLOAD}.uploadCall`);
  const uploads = sendsForms ? `import * as ${UPLOAD} from ${JSON.stringify(UPLOAD_MODULE)};` : '';
  const checks = compiled.includes(`${CHECKS}.`) ? `import * as ${CHECKS} from ${JSON.stringify(CHECKS_MODULE)};` : '';
  return `import * as ${RUNTIME} from ${JSON.stringify(RUNTIME_MODULE)};${checks}${uploads}${compiled}`;
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
