import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The mini app renders with React and React DOM themselves (docs/decisions.md §18). This guard
 * fails `vite build` when that stops being true:
 * - `react` or `react-dom` resolves to a package that is not React's own (an npm alias, an
 *   `overrides` entry or a fork installed under the name: its package.json names something else);
 * - the bundle does not contain React DOM's renderer, or contains Preact or its compat layer.
 */
export const REACT_PACKAGES = ['react', 'react-dom'] as const;

/** React majors the app is built and tested with (18: the range telegram-ui declares). */
const SUPPORTED_MAJORS = ['18'];

const REACT_DOM_RENDERER = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom\.(production|development)/;
const PREACT = /[\\/]node_modules[\\/](preact|@preact[\\/][^\\/]+)[\\/]/;

export type ResolvedPackage = { request: string; name: string; version: string };

type Chunk = { type: 'chunk'; fileName: string; moduleIds: string[] };
type Output = Chunk | { type: 'asset'; fileName: string };

/** What is wrong with the packages that `react` and `react-dom` resolved to. */
export function checkResolvedPackages(resolved: ResolvedPackage[]): string[] {
  const problems: string[] = [];
  for (const { request, name, version } of resolved) {
    if (name !== request)
      problems.push(`'${request}' resolves to ${name}@${version}, not to ${request} itself (an alias or fork)`);
    else if (!SUPPORTED_MAJORS.includes(version.split('.')[0]!))
      problems.push(`'${request}' is ${version}; the app is built for ${SUPPORTED_MAJORS.join(', ')}.x`);
  }
  return problems;
}

/** What is wrong with the bundle's modules: React DOM's renderer missing, Preact present. */
export function checkBundle(bundle: Record<string, Output>): string[] {
  const moduleIds = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? item.moduleIds : []));
  const problems: string[] = [];
  if (!moduleIds.some((id) => REACT_DOM_RENDERER.test(id)))
    problems.push("the bundle has no React DOM renderer (react-dom/cjs/react-dom.*): 'react-dom' is not React DOM");
  const preact = [...new Set(moduleIds.filter((id) => PREACT.test(id)).map((id) => id.match(PREACT)![1]))];
  for (const name of preact) problems.push(`${name} is in the bundle`);
  return problems;
}

/** Reads the package.json of the package a bare import resolved into. */
async function packageOf(request: string, resolvedId: string): Promise<ResolvedPackage> {
  const marker = `${path.sep}node_modules${path.sep}${request}${path.sep}`;
  const at = resolvedId.lastIndexOf(marker);
  if (at < 0) return { request, name: `(not in node_modules: ${resolvedId})`, version: '?' };
  const manifest = JSON.parse(await readFile(resolvedId.slice(0, at + marker.length) + 'package.json', 'utf8')) as {
    name: string;
    version: string;
  };
  return { request, name: manifest.name, version: manifest.version };
}

export function reactRuntimeGuard(): Plugin {
  let root = process.cwd();
  return {
    name: 'ziver:react-runtime',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const resolved: ResolvedPackage[] = [];
      for (const request of REACT_PACKAGES) {
        const id = (await this.resolve(request, path.join(root, 'src/main.tsx')))?.id;
        if (!id) this.error(`react runtime: '${request}' does not resolve`);
        resolved.push(await packageOf(request, id.split('?')[0]!));
      }
      const problems = checkResolvedPackages(resolved);
      if (problems.length > 0) this.error(`react runtime:\n  ${problems.join('\n  ')}`);
    },
    generateBundle(_options, bundle) {
      const problems = checkBundle(bundle as unknown as Record<string, Output>);
      if (problems.length > 0) this.error(`react runtime:\n  ${problems.join('\n  ')}`);
    },
  };
}
