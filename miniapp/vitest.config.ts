import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { LOADED_MACHINE } from '../vitest.config.ts';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@ziver\/shared$/, replacement: fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
      { find: /^@ziver\/shared\/(.+)$/, replacement: fileURLToPath(new URL('../shared/src/$1.ts', import.meta.url)) },
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  test: {
    ...LOADED_MACHINE,
    name: 'miniapp',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Files share a worker's jsdom and module graph instead of a fresh process each (a fresh
    // jsdom, React and i18next per file was ~85% of this project's time). The setup file
    // resets the app's module-level stores before every test.
    isolate: false,
  },
});
