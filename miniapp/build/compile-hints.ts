import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { findFirstScreen } from './bundle-budget.ts';

/**
 * V8's explicit compile hint (Chrome 136 and later, so Telegram's Android and desktop clients):
 * as the first line of a script, it makes V8 compile every function of the file on the thread
 * that streams the file in, while the rest of the page downloads, instead of compiling each one
 * on the main thread the first time it is called. Other engines ignore the comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks whose code runs while the signed-in mining screen opens: the entry's own imports
 * (vite.config.ts's vendor groups and build/route-preload.ts's 'start' group), rolldown's runtime
 * and the mining screen's chunk. Lazy routes stay lazily compiled: most of their functions are
 * never called on load.
 */
export const HINTED_CHUNKS = ['rolldown-runtime', 'react', 'i18n', 'query', 'start', 'mining-screen'];

type Chunk = {
  type: 'chunk';
  name: string;
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
};
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** The JS files that must carry the hint: the first screen's and the mining screen's. */
export function filesMissingTheHint(bundle: Record<string, Output>): string[] {
  const firstScreen = findFirstScreen(bundle).files.filter((file) => file.endsWith('.js'));
  const miningScreen = Object.values(bundle)
    .filter((item): item is Chunk => item.type === 'chunk' && item.name === 'mining-screen')
    .map((chunk) => chunk.fileName);
  if (miningScreen.length !== 1) return ['(the mining-screen chunk: build/route-preload.ts, miningScreenGroup)'];
  return [...firstScreen, ...miningScreen].filter((file) => {
    const item = bundle[file];
    return item?.type !== 'chunk' || !item.code.startsWith(`${COMPILE_HINT}\n`);
  });
}

/**
 * Puts the hint at the top of the entry and HINTED_CHUNKS, after minification (a comment the
 * minifier would drop) and before the file names' hashes are taken (a change of the hinted set
 * changes the names). Fails the build when a first-
 * or mining-screen file goes without it (a new vendor group, a renamed chunk).
 * Measured on the mining screen (docs/performance.md): LCP 0.87 of the same build without it.
 */
export function compileHints(names: readonly string[] = HINTED_CHUNKS): Plugin {
  return {
    name: 'ziver:compile-hints',
    apply: 'build',
    outputOptions(options) {
      return {
        ...options,
        postBanner: (chunk: { name: string; isEntry: boolean }) =>
          chunk.isEntry || names.includes(chunk.name) ? COMPILE_HINT : '',
      };
    },
    // Vite puts the entry's preload list (`__vite__mapDeps`) on a line of its own above the
    // banner, after every plugin's generateBundle: once the files are written, the hint goes back
    // on top (the two lines map to no source, so a source map stays right).
    async writeBundle(options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || item.code.startsWith(`${COMPILE_HINT}\n`)) continue;
        const [first, second, ...rest] = item.code.split('\n');
        if (second !== COMPILE_HINT) continue;
        item.code = [second, first, ...rest].join('\n');
        await writeFile(path.join(options.dir!, item.fileName), item.code);
      }
      const missing = filesMissingTheHint(bundle as unknown as Record<string, Output>);
      if (missing.length > 0)
        this.error(
          `compile hints: ${missing.join(', ')} must start with "${COMPILE_HINT}" (add the chunk's name to HINTED_CHUNKS in build/compile-hints.ts)`,
        );
    },
  };
}
