import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss?: Set<string> };
};
type Output = Chunk | { type: 'asset'; fileName: string };

/**
 * What the signed-in mining screen needs beyond the first screen: the route's chunk, the
 * features' English and the shared response schemas (zod), each with its static imports and CSS.
 */
const MINING_SCREEN = [/[\\/]src[\\/]app[\\/]routes[\\/]mining\.tsx$/, /[\\/]i18n[\\/]locales[\\/]en-features\.ts$/];

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

/** The files (JS, then CSS) to preload for the mining screen, as URLs; none already in the first screen. */
export function miningScreenFiles(bundle: Record<string, Output>, base = '/'): string[] {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const firstScreen = closure(bundle, [entry.fileName]);
  const roots = MINING_SCREEN.map((test) =>
    chunks.find((chunk) => chunk.facadeModuleId && test.test(chunk.facadeModuleId)),
  );
  if (roots.some((root) => !root))
    throw new Error('route preload: a chunk of the mining screen is missing from the build');
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

/**
 * Puts the mining screen's file list in index.html as a JSON data block (CSP allows data, not
 * inline scripts). public/early.js preloads those files when a stored session opens '/' or
 * '/mining', so they download beside the first screen instead of after React has started.
 */
export function routePreload(): Plugin {
  return {
    name: 'ziver:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const files = miningScreenFiles(ctx.bundle as unknown as Record<string, Output>);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'ziv-preload' },
            children: JSON.stringify({ '/': files, '/mining': files }),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
