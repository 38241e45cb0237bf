import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

/** Vendor groups kept out of the app chunks so they cache across deploys. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'tgui', test: /node_modules[\\/](@telegram-apps[\\/]telegram-ui|@floating-ui|@swc)[\\/]/, priority: 20 },
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
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@ziver/shared': shared, '@': src },
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
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
