import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CONTRACT, fillPath } from '../../shared/src/contract/index.ts';

/**
 * Writes the mini app's endpoint table (src/lib/endpoints/) from the contract: one module per
 * contract entry (`miningStatus` → mining-status.ts, exporting `miningStatusEndpoint`), the entry
 * as src/lib/call.ts's Endpoint: method, path, the reader of its
 * success answer compiled from the entry's zod schema (built from lib/answer-shape.ts's parts),
 * and whether its body is a multipart form or its answer a file. So the mini app checks answers
 * with the contract's own schemas without shipping zod (docs/decisions.md §30). A schema using
 * anything the compiler does not know (a refinement, a transform, a string format, a strict
 * object…) fails the generator rather than being checked loosely. `npm run generate:api`
 * (scripts/generate-api.ts) writes the files; endpoint-table.test.ts fails when they differ.
 */

const SHAPE = 'shape';
const CHECKS = 'checks';
/** Where the table lives. */
export const TABLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/endpoints');

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
    `endpoint table: ${where || 'the answer'} uses ${what}, which build/endpoint-table.ts cannot compile`,
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

/** The JS expression of the reader of `schema` (calling lib/answer-shape.ts as `shape`, lib/answer-checks.ts as `checks`). */
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
      return minimum > 0 ? `${SHAPE}.minLengthString(${minimum})` : `${SHAPE}.string`;
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
      return bounds.length > 0 ? `${CHECKS}.checkedNumber([${bounds.join(', ')}])` : `${SHAPE}.number`;
    }
    case 'boolean':
      noChecks(def, where);
      return `${SHAPE}.${def.type}`;
    case 'null':
      return `${CHECKS}.nullValue`;
    case 'unknown':
    case 'any':
      return `${SHAPE}.unknownValue`;
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      const literals = values.map(
        (value) => primitive(value) ?? unsupported(where, `the ${def.type} value ${String(value)}`),
      );
      return `${SHAPE}.oneOf([${literals.join(', ')}])`;
    }
    case 'nullable':
    case 'optional':
      noChecks(def, where);
      return `${SHAPE}.${def.type}(${compileReader(def.innerType!, where)})`;
    case 'array':
      noChecks(def, where);
      return `${SHAPE}.arrayOf(${compileReader(def.element!, `${where}[]`)})`;
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
      return `${SHAPE}.recordOf(${value})`;
    }
    case 'union':
      noChecks(def, where);
      // A discriminated union's options differ in a literal field, so at most one reads a value:
      // the first that does is zod's answer. Any other exclusive union (z.xor) is not compiled.
      if (def.inclusive === false && !def.discriminator) unsupported(where, 'an exclusive union');
      return `${SHAPE}.anyOf([${def.options!.map((option) => compileReader(option, where)).join(', ')}])`;
    case 'object': {
      noChecks(def, where);
      if (def.catchall) unsupported(where, `an object with a catchall ('${defOf(def.catchall).type}')`);
      const fields = Object.entries(def.shape ?? {}).map(
        ([key, field]) =>
          `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${compileReader(field, at(key))}`,
      );
      return `${SHAPE}.object({${fields.join(', ')}})`;
    }
    default:
      return unsupported(where, `zod's '${def.type}'`);
  }
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
  summary: string;
  response: z.ZodType;
  bodyType?: string;
  responseType?: string;
};

function contractEntry(id: string): ContractEntry {
  const entry = (CONTRACT as Record<string, ContractEntry | undefined>)[id];
  if (!entry || !Object.hasOwn(CONTRACT, id)) throw new Error(`endpoint table: no contract entry '${id}'`);
  return entry;
}

/**
 * The contract entry `id` as a JS expression of src/lib/call.ts's Endpoint: method, path, the
 * compiled reader of its answer (none for a file answer), and whether its body is a multipart
 * form, its answer a file, or `success: false` an ordinary answer.
 */
export function compileEndpoint(id: string): string {
  const entry = contractEntry(id);
  const parts = [`method: ${JSON.stringify(entry.method)}`, `path: ${compilePath(entry.path)}`];
  if (entry.responseType === 'binary') parts.push('file: true');
  else parts.push(`read: ${compileReader(entry.response)}`);
  if (entry.bodyType === 'multipart') parts.push('form: uploadCall');
  if (entry.responseType !== 'binary' && answersUnsuccessfully(entry.response)) parts.push('unsuccessful: true');
  return `{ ${parts.join(', ')} }`;
}

/** The file of contract entry `id` in the table: its id in kebab case (`miningStatus` → mining-status.ts). */
export function tableFileOf(id: string): string {
  return `${id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;
}

const GENERATED =
  '// Generated by `npm run generate:api` (miniapp/build/endpoint-table.ts) from the contract; do not edit.';

/**
 * The module of contract entry `id`: one export, `<id>Endpoint`, typed by its contract id. One
 * module per entry, not one table module: the bundler keeps a module whole in one chunk, so a
 * single table would put every entry any lazy screen calls into the first screen's chunk; per
 * entry, each lands in the chunk of the screens that call it.
 */
function endpointModule(id: string): string {
  const entry = contractEntry(id);
  const code = compileEndpoint(id);
  const imports = [`import type { Endpoint } from '../call';`];
  if (code.includes(`${SHAPE}.`)) imports.push(`import * as ${SHAPE} from '../answer-shape';`);
  if (code.includes(`${CHECKS}.`)) imports.push(`import * as ${CHECKS} from '../answer-checks';`);
  if (code.includes('form: uploadCall')) imports.push(`import { uploadCall } from '../upload';`);
  const summary = `${entry.method} /api${entry.path}: ${entry.summary}`.replaceAll('*/', '* /');
  return [
    GENERATED,
    `// Its source: CONTRACT.${id} in shared/src/contract/endpoints.ts.`,
    ...imports,
    '',
    `/** ${summary} */`,
    `export const ${id}Endpoint: Endpoint<'${id}'> = ${code};`,
    '',
  ].join('\n');
}

/** Every file of the table: its name in TABLE_DIR → its code (scripts/generate-api.ts formats it with prettier). */
export function endpointTableSources(): Map<string, string> {
  const ids = Object.keys(CONTRACT).sort();
  return new Map(ids.map((id): [string, string] => [tableFileOf(id), endpointModule(id)]));
}

/**
 * The code without what prettier changes (line breaks and spaces, quote marks, trailing commas),
 * so the table on disk can be compared with the generator's code without formatting 97 files
 * again (~2 s); `prettier --check` in `npm run lint` holds the files' formatting.
 */
export function withoutFormatting(code: string): string {
  return code
    .replace(/\s+/g, '')
    .replaceAll('"', "'")
    .replace(/,(?=[)\]}])/g, '');
}

/** The table's files as they are on disk (name → text). */
export async function endpointTableOnDisk(): Promise<Map<string, string>> {
  const names = (await readdir(TABLE_DIR).catch(() => [])).filter((name) => name.endsWith('.ts')).sort();
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(TABLE_DIR, name), 'utf8')] as const)),
  );
}
