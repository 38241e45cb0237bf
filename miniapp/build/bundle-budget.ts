import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The first screen's budget (issue 13): what index.html loads before anything lazy, gzip-compressed.
 * kB here is 1000 bytes, as vite prints them. `files`: on a phone's HTTP/1.1 connections (six per
 * host) every file beyond six waits for a free one, and so do the early start's API calls; a small
 * module split into a file of its own belongs in the 'start' group (build/route-preload.ts).
 */
export const FIRST_SCREEN_BUDGET = { jsGzipBytes: 100_000, cssGzipBytes: 15_000, files: 7 };

/** Modules that must never be in the first screen's chunks. */
const FORBIDDEN_FIRST_SCREEN = [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }];

export type FirstScreenReport = {
  jsGzipBytes: number;
  cssGzipBytes: number;
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

function gzipSize(source: string | Uint8Array): number {
  return gzipSync(source, { level: 9 }).length;
}

/** Walks the entry chunk's static imports: exactly the scripts index.html loads and preloads. */
export function measureFirstScreen(bundle: Record<string, Output>): FirstScreenReport {
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
  return {
    jsGzipBytes: chunks.reduce((sum, chunk) => sum + gzipSize(chunk.code), 0),
    cssGzipBytes: [...cssNames].reduce((sum, name) => {
      const asset = bundle[name];
      return sum + (asset?.type === 'asset' ? gzipSize(asset.source) : 0);
    }, 0),
    files: [...seen, ...cssNames],
    forbidden,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Fails `vite build` (and so `npm run build` and CI) when the first screen outgrows its budget. */
export function bundleBudget(budget = FIRST_SCREEN_BUDGET): Plugin {
  return {
    name: 'ziver:bundle-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const report = measureFirstScreen(bundle as unknown as Record<string, Output>);
      const problems: string[] = [];
      if (report.jsGzipBytes > budget.jsGzipBytes)
        problems.push(`first-screen JS is ${kB(report.jsGzipBytes)} gzip, over the ${kB(budget.jsGzipBytes)} budget`);
      if (report.cssGzipBytes > budget.cssGzipBytes)
        problems.push(
          `first-screen CSS is ${kB(report.cssGzipBytes)} gzip, over the ${kB(budget.cssGzipBytes)} budget`,
        );
      if (report.files.length > budget.files)
        problems.push(
          `the first screen is ${report.files.length} files, over the budget of ${budget.files}: group small chunks (firstScreenGroup in build/route-preload.ts)`,
        );
      for (const name of report.forbidden) problems.push(`${name} is in the first screen's chunks; load it lazily`);
      if (problems.length > 0) {
        this.error(`bundle budget exceeded:\n  ${problems.join('\n  ')}\n  first screen: ${report.files.join(', ')}`);
      }
      this.info(
        `first screen: ${kB(report.jsGzipBytes)} JS / ${kB(report.cssGzipBytes)} CSS gzip ` +
          `(budget ${kB(budget.jsGzipBytes)} / ${kB(budget.cssGzipBytes)}), ${report.files.length} files (budget ${budget.files})`,
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screen.json',
        source: JSON.stringify({ ...report, budget }, null, 2),
      });
    },
  };
}
