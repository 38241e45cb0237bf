import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { INVALIDATION_CHANNEL } from './platform/invalidation.js';

// State lives in the composition root (docs/decisions.md §26): a cache, memo, counter or batcher
// is an object an app creates (createAppState in app.ts, startTelegram, createBot) and passes
// in, never a module's own. This test reads every source file of server/ and bot/ (not tests,
// not test helpers under testing/, not main.ts, the process's entry point) with the TypeScript
// compiler and refuses, at a module's top level:
// - `let` and `var`;
// - `const x = new C(…)`, unless C holds nothing that changes (RegExp, URL, TextEncoder,
//   TextDecoder), is a ReadonlyMap / ReadonlySet as declared, or is AsyncLocalStorage (it keeps
//   nothing itself: each transaction's list lives in that transaction's async context);
// - `const x = createSomething(…)`: a factory's product is state;
// - anywhere in the module, writing to a module-level binding or calling a mutating method on it
//   (`x.prop = …`, `x[k] = …`, `x.set/add/delete/clear/push/…(…)`, `exec`/`test` on a global or
//   sticky regular expression);
// - a statement at the top level that does something (a call, an assignment) rather than declare.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['server/src', 'bot/src'];
/** The process's entry point: it owns the process (signals, exit), so it may keep a flag or two. */
const ENTRY_POINTS = new Set(['server/src/main.ts']);

const IMMUTABLE_CLASSES = new Set(['RegExp', 'URL', 'TextEncoder', 'TextDecoder', 'AsyncLocalStorage']);
const READONLY_COLLECTIONS: Record<string, string> = { Map: 'ReadonlyMap', Set: 'ReadonlySet' };
const MUTATORS = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && !ENTRY_POINTS.has(relative)) {
        found.push(relative);
      }
    }
  };
  for (const root of ROOTS) walk(root);
  return found;
}

type Finding = string;

/** Every piece of mutable module-level state in one file, as `file:line: what`. */
function moduleStateIn(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push(`${fileName}:${line + 1}: ${what}`);
  };

  // Module-level bindings: name → whether it holds a global or sticky regular expression.
  const moduleBindings = new Map<string, { isStatefulRegExp: boolean }>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const names = bindingNames(declaration.name);
        if (!isConst) {
          report(declaration, `module-level ${names.join(', ')} declared with let/var`);
          continue;
        }
        const init = declaration.initializer && skipWrappers(declaration.initializer);
        for (const name of names) {
          moduleBindings.set(name, {
            isStatefulRegExp:
              init !== undefined && ts.isRegularExpressionLiteral(init) && /\/[a-z]*[gy][a-z]*$/.test(init.text),
          });
        }
        if (!init) continue;
        if (ts.isNewExpression(init)) {
          const className = init.expression.getText(source);
          const declaredType = declaration.type?.getText(source) ?? '';
          const readonlyName = READONLY_COLLECTIONS[className];
          const isReadonlyCollection = readonlyName !== undefined && declaredType.startsWith(readonlyName);
          if (!IMMUTABLE_CLASSES.has(className) && !isReadonlyCollection) {
            report(declaration, `module-level ${names.join(', ')} = new ${className}(…)`);
          }
        } else if (ts.isCallExpression(init) && /^create[A-Z]/.test(calleeName(init))) {
          report(declaration, `module-level ${names.join(', ')} = ${calleeName(init)}(…)`);
        }
      }
    } else if (ts.isExpressionStatement(statement)) {
      report(statement, 'a statement that acts at the top level of the module');
    }
  }

  const isModuleBinding = (expression: ts.Expression): string | undefined => {
    const target = skipWrappers(expression);
    if (!ts.isIdentifier(target) || !moduleBindings.has(target.text)) return undefined;
    return isShadowed(target) ? undefined : target.text;
  };
  // A name declared again between the use and the module (a parameter or a local) is not the module's.
  const isShadowed = (identifier: ts.Identifier): boolean => {
    for (let node: ts.Node = identifier.parent; node !== source; node = node.parent) {
      if (declaresLocally(node, identifier.text)) return true;
    }
    return false;
  };
  const rootOf = (expression: ts.Expression): ts.Expression => {
    let current = skipWrappers(expression);
    while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
      current = skipWrappers(current.expression);
    }
    return current;
  };

  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) {
      const name = isModuleBinding(rootOf(node.left));
      if (name) report(node, `writes to module-level ${name}`);
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      const name = isModuleBinding(rootOf(node.operand));
      if (name) report(node, `writes to module-level ${name}`);
    } else if (ts.isDeleteExpression(node)) {
      const name = isModuleBinding(rootOf(node.expression));
      if (name) report(node, `deletes from module-level ${name}`);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const name = isModuleBinding(rootOf(node.expression.expression));
      if (name && MUTATORS.has(method)) report(node, `mutates module-level ${name} (.${method})`);
      if (name && (method === 'exec' || method === 'test') && moduleBindings.get(name)?.isStatefulRegExp) {
        report(node, `moves the lastIndex of module-level ${name} (a global or sticky RegExp)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function skipWrappers(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function calleeName(call: ts.CallExpression): string {
  const callee = skipWrappers(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

function declaresLocally(node: ts.Node, name: string): boolean {
  if (ts.isFunctionLike(node)) {
    if (node.parameters.some((parameter) => bindingNames(parameter.name).includes(name))) return true;
  }
  if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
    for (const statement of node.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (bindingNames(declaration.name).includes(name)) return true;
        }
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
        statement.name?.text === name
      ) {
        return true;
      }
    }
  }
  if ((ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) && node.initializer) {
    const init = node.initializer;
    if (ts.isVariableDeclarationList(init) && init.declarations.some((d) => bindingNames(d.name).includes(name))) {
      return true;
    }
  }
  if (
    ts.isCatchClause(node) &&
    node.variableDeclaration &&
    bindingNames(node.variableDeclaration.name).includes(name)
  ) {
    return true;
  }
  return false;
}

describe('module-level state in server/ and bot/', () => {
  it('is none: every cache, memo and counter is created in the composition root and passed in', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => moduleStateIn(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('finds each kind of module state it is meant to refuse', () => {
    const findings = moduleStateIn(
      'example.ts',
      [
        'let counter = 0;',
        'const cache = new Map<string, number>();',
        'const handlers = new WeakMap<object, number>();',
        'const bus = createBus();',
        'const list: string[] = [];',
        'const TOKEN = /a/g;',
        'const options = { retries: 1 };',
        'const READONLY: ReadonlySet<string> = new Set(["a"]);',
        'const PATTERN = /b/;',
        'subscribe(() => undefined);',
        'export function use(key: string) {',
        '  list.push(key);',
        '  options.retries = 2;',
        '  TOKEN.test(key);',
        '  const cache = new Map<string, number>();',
        '  cache.set(key, 1);',
        '  return PATTERN.test(key) && READONLY.has(key);',
        '}',
      ].join('\n'),
    );
    expect(findings).toEqual([
      'example.ts:1: module-level counter declared with let/var',
      'example.ts:2: module-level cache = new Map(…)',
      'example.ts:3: module-level handlers = new WeakMap(…)',
      'example.ts:4: module-level bus = createBus(…)',
      'example.ts:10: a statement that acts at the top level of the module',
      'example.ts:12: mutates module-level list (.push)',
      'example.ts:13: writes to module-level options',
      'example.ts:14: moves the lastIndex of module-level TOKEN (a global or sticky RegExp)',
    ]);
  });
});

describe('the invalidation channel', () => {
  it('is the one the status triggers of the migrations notify on', () => {
    const migrations = path.join(repoRoot, 'server/drizzle');
    const channels = readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) => [...readFileSync(path.join(migrations, name), 'utf8').matchAll(/pg_notify\('([^']+)'/g)])
      .map((match) => match[1]);
    expect(channels.length).toBeGreaterThan(0);
    expect(new Set(channels)).toEqual(new Set([INVALIDATION_CHANNEL]));
  });
});
