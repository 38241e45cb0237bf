import { readFile } from 'node:fs/promises';
import { minify, type Plugin } from 'vite';
import { CONTRACT, fillPath, queryString } from '../../shared/src/contract/index.ts';
import { screenModule } from '../src/config/routes.ts';
import { MINING_SCREEN_REQUESTS } from '../src/features/mining/early-start.ts';

/** Where index.html wants the early start: a comment the build replaces. */
const PLACEHOLDER = /<!-- ziver:early-start\b[^>]*-->/;

/** The early-start script (plain ES2019, no imports), inlined into index.html minified. */
const EARLY_SCRIPT = new URL('./early.js', import.meta.url);

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
  viteMetadata?: { importedCss?: Set<string> };
};
type Output = Chunk | { type: 'asset'; fileName: string };

/**
 * What the signed-in mining screen needs beyond the first screen: the route's chunk, its
 * English (en-mining) and the shared response schemas (zod), each with its static imports and CSS.
 */
const MINING_SCREEN = [
  new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${screenModule('mining').replace('.', '\\.')}$`),
  /[\\/]app[\\/]locales[\\/]en-mining\.ts$/,
];

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** Whether `id` is `root` or imported statically, through any chain, by a module `root` matches. */
function importedFrom(graph: ModuleGraph, root: RegExp, id: string): boolean {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (root.test(current)) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(graph.getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

const APP_ENTRY = /[\\/]src[\\/]main\.tsx$/;

/**
 * The small modules the first screen shares with lazy routes, which rolldown split into files of
 * their own (the storage guard, the spec's constants, the Telegram bridge, Vite's preload helper:
 * 0.3-1.6 kB each), in ONE chunk. Each held one of the six HTTP/1.1 connections for a round trip
 * while the early start's API calls waited for a free one.
 */
const FIRST_SCREEN_SMALL = [
  /[\\/]shared[\\/]src[\\/]constants\.ts$/,
  /[\\/]src[\\/]lib[\\/]storage[\\/]guarded-storage\.ts$/,
  /[\\/]src[\\/]lib[\\/]platform[\\/]telegram-bridge\.ts$/,
  /^\0vite\/preload-helper\.js$/,
];

export function firstScreenGroup() {
  return {
    name: (id: string) => (FIRST_SCREEN_SMALL.some((test) => test.test(id)) ? 'start' : null),
    priority: 5,
    includeDependenciesRecursively: false,
  };
}

/**
 * A code-splitting group (rolldown's `codeSplitting.groups`) that puts the mining screen's own
 * modules, those its route imports that the first screen does not, in ONE chunk. They were ten
 * chunks of 0.3-6 kB: on a phone's HTTP/1.1 connections (six per host, 150 ms apart) the small
 * ones queued behind each other. Other routes that share a few of these modules (formatting, the
 * page frame, transaction rows) load this chunk too (~7 kB gzip). The first screen is untouched:
 * modules it reaches stay out, and captured modules do not drag their dependencies in.
 */
export function miningScreenGroup() {
  return {
    name: (id: string, graph: ModuleGraph) =>
      !importedFrom(graph, APP_ENTRY, id) && importedFrom(graph, MINING_SCREEN[0]!, id) ? 'mining-screen' : null,
    priority: 10,
    includeDependenciesRecursively: false,
  };
}

/** `names` and everything they import statically. */
function closure(bundle: Record<string, Output>, names: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const item = bundle[name];
    if (item?.type === 'chunk') queue.push(...item.imports);
  }
  return seen;
}

/**
 * The files (JS, then CSS) that hold `modules` (tests on module ids) and what they import
 * statically, as URLs; none already in the first screen.
 */
function filesFor(bundle: Record<string, Output>, modules: RegExp[], what: string, base = '/'): string[] {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const firstScreen = closure(bundle, [entry.fileName]);
  // The chunk that holds each root module (its own chunk, or a group that took it in).
  const roots = modules.map((test) => chunks.find((chunk) => chunk.moduleIds.some((id) => test.test(id))));
  if (roots.some((root) => !root)) throw new Error(`route preload: a chunk of ${what} is missing from the build`);
  const js = [
    ...closure(
      bundle,
      roots.map((root) => root!.fileName),
    ),
  ].filter((name) => !firstScreen.has(name));
  const firstCss = new Set(
    [...firstScreen].flatMap((name) => [...((bundle[name] as Chunk | undefined)?.viteMetadata?.importedCss ?? [])]),
  );
  const css = new Set(
    js
      .flatMap((name) => [...((bundle[name] as Chunk).viteMetadata?.importedCss ?? [])])
      .filter((name) => !firstCss.has(name)),
  );
  return [...js, ...css].map((name) => `${base}${name}`);
}

/** The mining screen's files beyond the first screen. */
export function miningScreenFiles(bundle: Record<string, Output>, base = '/'): string[] {
  return filesFor(bundle, MINING_SCREEN, 'the mining screen', base);
}

/** The languages loaded on demand (src/i18n/index.ts): the app's texts and the server's. */
const ON_DEMAND_LANGUAGES = ['es', 'fr', 'de', 'zh'] as const;

/**
 * Each on-demand language's files for the start: its start texts (src/app/locales/xx-start) and
 * server texts (shared/src/i18n).
 */
export function languageFiles(bundle: Record<string, Output>, base = '/'): Record<string, string[]> {
  return Object.fromEntries(
    ON_DEMAND_LANGUAGES.map((language) => [
      language,
      filesFor(
        bundle,
        [
          new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]locales[\\\\/]${language}-start\\.ts$`),
          new RegExp(`[\\\\/]shared[\\\\/]src[\\\\/]i18n[\\\\/]${language}\\.ts$`),
        ],
        `the ${language} texts`,
        base,
      ),
    ]),
  );
}

/** Each on-demand language's other texts (src/app/locales/xx-features): every page but the mining screen waits for them. */
export function languageFeatureFiles(bundle: Record<string, Output>, base = '/'): Record<string, string[]> {
  return Object.fromEntries(
    ON_DEMAND_LANGUAGES.map((language) => [
      language,
      filesFor(
        bundle,
        [new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]locales[\\\\/]${language}-features\\.ts$`)],
        `the ${language} feature texts`,
        base,
      ),
    ]),
  );
}

/** The URLs of the mining screen's first GETs, from the contract (build/early.js asks for them). */
export function miningScreenRequests(): string[] {
  return MINING_SCREEN_REQUESTS.map(({ id, query }) => `/api${fillPath(CONTRACT[id].path)}${queryString(query)}`);
}

/**
 * Starts the signed-in mining screen with the HTML: puts the screen's file list and each
 * language's in index.html as a JSON data block, then `early.js` inline (minified; the server allows it by its hash in the
 * CSP, see server/src/platform/security-headers.ts). When a stored session opens '/' or
 * '/mining', the script preloads those files and asks for the screen's first GETs while the
 * HTML is still being parsed, instead of after a separate script request and React's start.
 */
export function routePreload(): Plugin {
  return {
    name: 'ziver:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!PLACEHOLDER.test(html)) throw new Error(`route preload: index.html has no ${PLACEHOLDER}`);
        const bundle = ctx.bundle as unknown as Record<string, Output>;
        const screen = miningScreenFiles(bundle);
        const early = await minify('early.js', await readFile(EARLY_SCRIPT, 'utf8'), {});
        if (early.errors.length > 0) throw new Error(`route preload: early.js: ${early.errors[0]!.message}`);
        // The list first (the script reads it), then the script: a classic script waits for every
        // stylesheet above it, so both go where index.html marks, above Vite's CSS link.
        const list = JSON.stringify({
          screens: { '/': screen, '/mining': screen },
          requests: miningScreenRequests(),
          languages: languageFiles(bundle),
          languageFeatures: languageFeatureFiles(bundle),
        }).replaceAll('<', '\\u003c');
        const block =
          `<script type="application/json" id="ziv-preload">${list}</script>\n` +
          `    <script>${early.code.trim()}</script>`;
        return html.replace(PLACEHOLDER, () => block);
      },
    },
  };
}
