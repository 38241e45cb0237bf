// Flat config: @eslint/js + typescript-eslint recommended everywhere, type-aware rules on the
// workspaces' sources (floating promises), React hooks rules for the mini app. Import boundaries
// (the layering) are dependency-cruiser's (.dependency-cruiser.cjs, `npm run lint:layers`).
// Formatting is prettier's job (`npm run format`; `npm run lint` runs `prettier --check .`).
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-types/**',
      '**/node_modules/**',
      '**/coverage/**',
      'server/drizzle/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The mini app's service worker (browser push): plain JS in a worker's global scope.
    files: ['miniapp/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed arguments and variables are deliberately unused (Express error handlers, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `type` over `interface` (STYLE.md §11), except where only an interface works: augmenting
      // a global or module declaration (`declare global { namespace Express { interface Request … } }`).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration:not(TSModuleDeclaration TSInterfaceDeclaration)',
          message: 'Use a `type` instead of an `interface` (interfaces only for declaration merging).',
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its errors (unhandled rejection).
    files: ['{shared,bot,server,miniapp}/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    files: ['miniapp/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests and test helpers poke at loosely typed JSON bodies.
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests that can fail (issue 28, item 7): every test asserts, none is skipped or focused, and
    // none sleeps and then expects that nothing happened. Wait on an observable event instead
    // (expect.poll / vi.waitFor on the positive condition, a recorded call, a log line, a worker's
    // next poll) or use fake timers. Where real time is the thing under test (a backoff, a
    // staggered race), disable the rule on that line and say why.
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', 'e2e/**/*.ts', 'faults/**/*.ts'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*', '*.expect*'] }],
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      'vitest/no-identical-title': 'error',
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration:not(TSModuleDeclaration TSInterfaceDeclaration)',
          message: 'Use a `type` instead of an `interface` (interfaces only for declaration merging).',
        },
        {
          selector: "CallExpression[callee.name='setTimeout'], CallExpression[callee.property.name='setTimeout']",
          message:
            'No fixed sleeps in tests: wait on an observable event (expect.poll, vi.waitFor, a recorded call) or use fake timers; if real time is what is tested, disable this line and say why.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed waits in browser tests: wait for a locator, a response or a page state instead.',
        },
        {
          selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
          message: 'No fixed sleeps in tests (timers/promises): wait on an observable event or use fake timers.',
        },
      ],
    },
  },
  {
    // Browser tests assert by waiting: a locator's or helper's waitFor throws when the page never
    // gets there. The run* scenarios (one per viewport or language) hold their own expects.
    files: ['e2e/**/*.ts'],
    rules: {
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'assert*', '*.expect*', 'waitFor*', '*.waitFor', 'run*'] },
      ],
    },
  },
  {
    files: ['**/*.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
