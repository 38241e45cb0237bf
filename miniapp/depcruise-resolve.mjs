// The mini app's `@/` import alias for dependency-cruiser (.dependency-cruiser.cjs), in the shape
// of a webpack config's `resolve`: the alias miniapp/vite.config.ts and miniapp/tsconfig.json give.
import { fileURLToPath } from 'node:url';

export default { resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } } };
