import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from './build/precompress.ts';
import { reactRuntimeGuard } from './build/react-runtime.ts';
import { firstScreenGroup, miningScreenGroup, routePreload } from './build/route-preload.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const sharedSrc = fileURLToPath(new URL('../shared/src', import.meta.url));

/** Vendor groups kept out of the app chunks so they cache across deploys. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'tma-sdk',
    test: /node_modules[\\/](@telegram-apps[\\/](sdk|sdk-react|bridge|signals|toolkit|transformers|navigation)|valibot|better-promises|error-kid)[\\/]/,
    priority: 20,
  },
  { name: 'query', test: /node_modules[\\/](@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/, priority: 20 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  // react(): JSX and fast refresh in development. reactRuntimeGuard fails the build unless
  // 'react' and 'react-dom' are React's own packages and the bundle renders with React DOM;
  // bundleBudget fails it when the first screen outgrows its budget or pulls in zod;
  // compileHints marks the chunks that run on load for eager compilation.
  plugins: [react(), reactRuntimeGuard(), bundleBudget(), compileHints(), routePreload(), precompress()],
  resolve: {
    // The shared package from source: '@ziver/shared' (everything, zod included) and its subpath
    // entries such as '@ziver/shared/core' (zod-free, for the first screen).
    alias: [
      { find: /^@ziver\/shared$/, replacement: `${sharedSrc}/index.ts` },
      { find: /^@ziver\/shared\/(.+)$/, replacement: `${sharedSrc}/$1.ts` },
      { find: /^@\//, replacement: `${src}/` },
    ],
  },
  server: {
    // The API runs on :3000 in development (`npm run dev`); override to point at another one.
    proxy: { '/api': { target: process.env.ZIVER_API_PROXY ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // React server components' "use client" markers mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
      output: {
        // Lazy chunks named by their hash alone: the entry lists every lazy chunk's file for
        // preloading, and their names (`settings-notifications-…`) cost first-screen bytes.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: { groups: [...vendorGroups, miningScreenGroup(), firstScreenGroup()] },
      },
    },
  },
});
