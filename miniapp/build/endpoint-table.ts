import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CONTRACT, fillPath } from '../../shared/src/contract/index.ts';
import * as SHARED from '../../shared/src/index.ts';

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
 * An answer part that shared names and two or more entries read (the public user, an
 * announcement, a task…) is compiled once, into its own module under readers/, which the
 * entries' modules import.
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

/**
 * Shared readers while compiling: the named answer parts (schema → reader name), the one whose
 * own module is being written (compiled in full, not referred to), and the names referred to.
 */
type SharedReaders = { names: ReadonlyMap<z.ZodType, string>; defining?: z.ZodType; used: Set<string> };

/**
 * The JS expression of the reader of `schema` (calling lib/answer-shape.ts as `shape`,
 * lib/answer-checks.ts as `checks`); with `shared`, a named shared part is referred to by its
 * reader's name instead of compiled again.
 */
export function compileReader(schema: z.ZodType, where = '', shared?: SharedReaders): string {
  const name = schema === shared?.defining ? undefined : shared?.names.get(schema);
  if (name !== undefined) {
    shared!.used.add(name);
    return name;
  }
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
      return `${SHAPE}.${def.type}(${compileReader(def.innerType!, where, shared)})`;
    case 'array':
      noChecks(def, where);
      return `${SHAPE}.arrayOf(${compileReader(def.element!, `${where}[]`, shared)})`;
    case 'record': {
      noChecks(def, where);
      const key = defOf(def.keyType!);
      const value = compileReader(def.valueType!, at('*'), shared);
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
      return `${SHAPE}.anyOf([${def.options!.map((option) => compileReader(option, where, shared)).join(', ')}])`;
    case 'object': {
      noChecks(def, where);
      if (def.catchall) unsupported(where, `an object with a catchall ('${defOf(def.catchall).type}')`);
      const fields = Object.entries(def.shape ?? {}).map(
        ([key, field]) =>
          `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${compileReader(field, at(key), shared)}`,
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
export function compileEndpoint(id: string, shared?: SharedReaders): string {
  const entry = contractEntry(id);
  const parts = [`method: ${JSON.stringify(entry.method)}`, `path: ${compilePath(entry.path)}`];
  if (entry.responseType === 'binary') parts.push('file: true');
  else parts.push(`read: ${compileReader(entry.response, '', shared)}`);
  if (entry.bodyType === 'multipart') parts.push('form: uploadCall');
  if (entry.responseType !== 'binary' && answersUnsuccessfully(entry.response)) parts.push('unsuccessful: true');
  return `{ ${parts.join(', ')} }`;
}

/** The file of contract entry `id` in the table: its id in kebab case (`miningStatus` → mining-status.ts). */
export function tableFileOf(id: string): string {
  return `${kebab(id)}.ts`;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
/** A shared reader's module in readers/: `publicUserReader` → public-user (readers/public-user.ts). */
const readerModuleOf = (name: string) => kebab(name.replace(/Reader$/, ''));

/** Every object or union part of `schema`'s answer, the schema itself included. */
function partsOf(schema: z.ZodType, into = new Set<z.ZodType>()): Set<z.ZodType> {
  if (into.has(schema)) return into;
  const def = defOf(schema);
  if (def.type === 'object' || def.type === 'union') into.add(schema);
  for (const inner of [def.innerType, def.element, def.valueType, ...(def.options ?? [])])
    if (inner) partsOf(inner, into);
  for (const field of Object.values(def.shape ?? {})) partsOf(field, into);
  return into;
}

/**
 * The answer parts compiled once: object and union schemas that shared exports by name
 * (`publicUserSchema` → `publicUserReader`) and two or more entries' answers contain.
 */
function sharedReaderNames(): Map<z.ZodType, string> {
  const exported = new Map<unknown, string>();
  for (const [name, value] of Object.entries(SHARED).sort(([a], [b]) => a.localeCompare(b)))
    if (name.endsWith('Schema') && !exported.has(value)) exported.set(value, name);
  const readers = new Map<z.ZodType, number>();
  for (const id of Object.keys(CONTRACT)) {
    const entry = contractEntry(id);
    if (entry.responseType === 'binary') continue;
    for (const part of partsOf(entry.response)) if (exported.has(part)) readers.set(part, (readers.get(part) ?? 0) + 1);
  }
  return new Map(
    [...readers]
      .filter(([, entries]) => entries >= 2)
      .map(([schema]) => [schema, `${exported.get(schema)!.replace(/Schema$/, '')}Reader`]),
  );
}

/** The imports a module of the table (an entry's, or with `fromReaders` a shared reader's) needs for `code`, which refers to `used` shared readers. */
function importsOf(code: string, used: ReadonlySet<string>, fromReaders: boolean): string[] {
  const up = fromReaders ? '../../' : '../';
  const imports: string[] = [];
  if (code.includes(`${SHAPE}.`)) imports.push(`import * as ${SHAPE} from '${up}answer-shape';`);
  if (code.includes(`${CHECKS}.`)) imports.push(`import * as ${CHECKS} from '${up}answer-checks';`);
  for (const name of [...used].sort()) {
    imports.push(`import { ${name} } from '${fromReaders ? './' : './readers/'}${readerModuleOf(name)}';`);
  }
  return imports;
}

const GENERATED =
  '// Generated by `npm run generate:api` (miniapp/build/endpoint-table.ts) from the contract; do not edit.';

/**
 * The module of contract entry `id`: one export, `<id>Endpoint`, typed by its contract id. One
 * module per entry, not one table module: the bundler keeps a module whole in one chunk, so a
 * single table would put every entry any lazy screen calls into the first screen's chunk; per
 * entry, each lands in the chunk of the screens that call it.
 */
function endpointModule(id: string, names: ReadonlyMap<z.ZodType, string>): string {
  const entry = contractEntry(id);
  const used = new Set<string>();
  const code = compileEndpoint(id, { names, used });
  const imports = [`import type { Endpoint } from '../call';`, ...importsOf(code, used, false)];
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

/** The module of a shared reader: one export, the reader, which other shared readers it reads with. */
function readerModule(schema: z.ZodType, name: string, names: ReadonlyMap<z.ZodType, string>): string {
  const used = new Set<string>();
  const code = compileReader(schema, '', { names, defining: schema, used });
  return [
    GENERATED,
    `// Its source: ${name.replace(/Reader$/, 'Schema')} in shared/src, in the answers of several entries.`,
    ...importsOf(code, used, true),
    '',
    `export const ${name} = ${code};`,
    '',
  ].join('\n');
}

/**
 * Every file of the table: its path in TABLE_DIR → its code (scripts/generate-api.ts formats it
 * with prettier): one module per entry, one per shared reader under readers/.
 */
export function endpointTableSources(): Map<string, string> {
  const names = sharedReaderNames();
  const ids = Object.keys(CONTRACT).sort();
  return new Map([
    ...ids.map((id): [string, string] => [tableFileOf(id), endpointModule(id, names)]),
    ...[...names]
      .sort(([, a], [, b]) => a.localeCompare(b))
      .map(([schema, name]): [string, string] => [
        `readers/${readerModuleOf(name)}.ts`,
        readerModule(schema, name, names),
      ]),
  ]);
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
  const names = (await readdir(TABLE_DIR, { recursive: true }).catch(() => []))
    .map((name) => name.replaceAll(path.sep, '/'))
    .filter((name) => name.endsWith('.ts'))
    .sort();
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(TABLE_DIR, name), 'utf8')] as const)),
  );
}
