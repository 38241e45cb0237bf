import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first screen's budget (issue 13): what index.html loads before anything lazy, as the server
 * sends it to a gzip client: each file's precompressed `.gz` (build/precompress.ts), or the file
 * itself where the build wrote none (the server compresses nothing per request, server/src/app.ts).
 * kB here is 1000 bytes, as vite prints them. `files`: on a phone's HTTP/1.1 connections (six per
 * host) every file beyond six waits for a free one, and so do the early start's API calls; a small
 * module split into a file of its own belongs in the 'start' group (build/route-preload.ts).
 */
export const FIRST_SCREEN_BUDGET = { jsGzipBytes: 100_000, cssGzipBytes: 15_000, files: 7 };

/** The first screen's report in the build's output (scripts/bench-web.mjs reads it too). */
export const FIRST_SCREEN_REPORT = '.vite/first-screen.json';

/** Modules that must never be in the first screen's chunks. */
const FORBIDDEN_FIRST_SCREEN = [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }];

export type FirstScreen = {
  /** The scripts and style sheets, relative to the output directory. */
  files: string[];
  forbidden: string[];
};

type Chunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
};
type Asset = { type: 'asset'; fileName: string; source: string | Uint8Array };
type Output = Chunk | Asset;

/** Walks the entry chunk's static imports: exactly the scripts index.html loads and preloads. */
export function findFirstScreen(bundle: Record<string, Output>): FirstScreen {
  const entry = Object.values(bundle).find((item): item is Chunk => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('bundle budget: the build has no entry chunk');
  const seen = new Set<string>();
  const queue = [entry.fileName];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const item = bundle[name];
    if (item?.type === 'chunk') queue.push(...item.imports);
  }
  const chunks = [...seen].map((name) => bundle[name]).filter((item): item is Chunk => item?.type === 'chunk');
  // CSS: what index.html links (vite's importedCss of the first-screen chunks).
  const cssNames = new Set<string>();
  for (const chunk of chunks) {
    const meta = (chunk as Chunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
    for (const css of meta?.importedCss ?? []) cssNames.add(css);
  }
  const forbidden = FORBIDDEN_FIRST_SCREEN.filter(({ test }) =>
    chunks.some((chunk) => chunk.moduleIds.some((id) => test.test(id))),
  ).map(({ name }) => name);
  return { files: [...seen, ...cssNames], forbidden };
}

/** The bytes the server sends a gzip client for `file`: its `.gz` copy, else the file. */
async function servedGzipBytes(outDir: string, file: string): Promise<number> {
  const full = path.join(outDir, file);
  return (await stat(existsSync(`${full}.gz`) ? `${full}.gz` : full)).size;
}

/** The first screen's scripts and style sheets as served, in bytes. */
export async function measureServed(outDir: string, files: string[]) {
  const sizes = await Promise.all(files.map(async (file) => [file, await servedGzipBytes(outDir, file)] as const));
  const sum = (test: RegExp) => sizes.filter(([file]) => test.test(file)).reduce((total, [, size]) => total + size, 0);
  return { jsGzipBytes: sum(/\.js$/), cssGzipBytes: sum(/\.css$/) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Fails `vite build` (and so `npm run build` and CI) when the first screen outgrows its budget:
 * its files and forbidden modules once the bundle is made, its bytes once the files are written
 * and precompressed (closeBundle, after build/precompress.ts's).
 */
export function bundleBudget(budget = FIRST_SCREEN_BUDGET): Plugin {
  let outDir = 'dist';
  let firstScreen: FirstScreen | undefined;
  return {
    name: 'ziver:bundle-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      firstScreen = findFirstScreen(bundle as unknown as Record<string, Output>);
      const problems: string[] = [];
      if (firstScreen.files.length > budget.files)
        problems.push(
          `the first screen is ${firstScreen.files.length} files, over the budget of ${budget.files}: group small chunks (firstScreenGroup in build/route-preload.ts)`,
        );
      for (const name of firstScreen.forbidden)
        problems.push(`${name} is in the first screen's chunks; load it lazily`);
      if (problems.length > 0) {
        this.error(
          `bundle budget exceeded:\n  ${problems.join('\n  ')}\n  first screen: ${firstScreen.files.join(', ')}`,
        );
      }
      // Precompression reads the list (the first screen's files get the smaller gzip).
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_REPORT,
        source: JSON.stringify({ ...firstScreen, budget }),
      });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!firstScreen || !existsSync(path.join(outDir, FIRST_SCREEN_REPORT))) return;
        const served = await measureServed(outDir, firstScreen.files);
        const problems: string[] = [];
        if (served.jsGzipBytes > budget.jsGzipBytes)
          problems.push(
            `first-screen JS is ${kB(served.jsGzipBytes)} gzip as served, over the ${kB(budget.jsGzipBytes)} budget`,
          );
        if (served.cssGzipBytes > budget.cssGzipBytes)
          problems.push(
            `first-screen CSS is ${kB(served.cssGzipBytes)} gzip as served, over the ${kB(budget.cssGzipBytes)} budget`,
          );
        if (problems.length > 0)
          throw new Error(
            `bundle budget exceeded:\n  ${problems.join('\n  ')}\n  first screen: ${firstScreen.files.join(', ')}`,
          );
        this.info(
          `first screen as served: ${kB(served.jsGzipBytes)} JS / ${kB(served.cssGzipBytes)} CSS gzip ` +
            `(budget ${kB(budget.jsGzipBytes)} / ${kB(budget.cssGzipBytes)}), ${firstScreen.files.length} files (budget ${budget.files})`,
        );
        await writeFile(
          path.join(outDir, FIRST_SCREEN_REPORT),
          JSON.stringify({ ...served, ...firstScreen, budget }, null, 2),
        );
      },
    },
  };
}
