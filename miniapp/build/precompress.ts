import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_REPORT } from './bundle-budget.ts';

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its extra headers. */
const MIN_BYTES = 1024;

/** Zopfli's passes over a first-screen file: 5 gets within 0.1% of 15 in a third of the time. */
const ZOPFLI_ITERATIONS = 5;

/** The files of the build's first screen (build/bundle-budget.ts writes them), relative to `outDir`. */
async function firstScreenFiles(outDir: string): Promise<Set<string>> {
  const report = path.join(outDir, FIRST_SCREEN_REPORT);
  if (!existsSync(report)) return new Set();
  const { files } = JSON.parse(await readFile(report, 'utf8')) as { files: string[] };
  return new Set(files.map((file) => path.join(outDir, file)));
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` beside every compressible file of the
 * build, once, so the server sends them by Accept-Encoding without compressing per request. The
 * first screen's files are gzipped by zopfli (about 4% smaller than zlib's level 9, ~10 s for the
 * seven files), the others by zlib at level 9. A copy that is not smaller than the original is
 * skipped. The bundle budget then weighs what this wrote (build/bundle-budget.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'ziver:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // A failed build wrote nothing to compress, and its own error is the one to report.
    buildEnd(error) {
      failed = Boolean(error);
    },
    renderError() {
      failed = true;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (failed) return;
        const firstScreen = await firstScreenFiles(outDir);
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(file);
            if (source.length < MIN_BYTES) return;
            const brotli = brotliCompressSync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            const gzip = firstScreen.has(file)
              ? await gzipAsync(source, { numiterations: ZOPFLI_ITERATIONS })
              : gzipSync(source, { level: 9 });
            if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
            if (gzip.length < source.length) await writeFile(`${file}.gz`, gzip);
          }),
        );
      },
    },
  };
}
