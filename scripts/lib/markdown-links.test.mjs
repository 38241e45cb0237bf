import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, deadLinks, linksOf, slugOf } from './markdown-links.mjs';

describe('slugOf (GitHub heading anchors)', () => {
  it('drops punctuation and symbols, keeps hyphens and underscores, spaces become hyphens', () => {
    expect(slugOf('7. The calls it makes')).toBe('7-the-calls-it-makes');
    expect(slugOf('GET /api/mining/status')).toBe('get-apiminingstatus');
    expect(slugOf('Mining screen: LCP / TBT')).toBe('mining-screen-lcp--tbt');
    expect(slugOf('`npm test` under 90 s')).toBe('npm-test-under-90-s');
    expect(slugOf('The **ledger** and [its rules](x.md)')).toBe('the-ledger-and-its-rules');
    expect(slugOf('snake_case stays')).toBe('snake_case-stays');
  });
});

describe('anchorsOf', () => {
  it('numbers repeated headings, reads <a id>, ignores headings inside code fences', () => {
    const anchors = anchorsOf('# A\n## Figures\n### Figures\n```\n# not a heading\n```\n<a id="kept"></a>\n');
    expect([...anchors].sort()).toEqual(['a', 'figures', 'figures-1', 'kept']);
  });
});

describe('linksOf', () => {
  it('finds inline links, images and reference definitions, not links inside code', () => {
    const links = linksOf(
      '[a](docs/a.md#x) and ![b](img.png "title")\n`[c](code.md)`\n```\n[d](fenced.md)\n```\n[ref]: ref.md\n',
    );
    expect(links.map((link) => link.target)).toEqual(['docs/a.md#x', 'img.png', 'ref.md']);
    expect(links[2].line).toBe(6);
  });
});

describe('deadLinks', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const repo = (files) => {
    root = mkdtempSync(path.join(tmpdir(), 'links-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return Object.keys(files).filter((file) => file.endsWith('.md'));
  };

  it('passes live paths, anchors and external links', () => {
    const files = repo({
      'README.md':
        '[spec](docs/spec.md#2-routes) [here](#top) [dir](docs) [web](https://example.com) [x](/docs/spec.md)\n# Top\n',
      'docs/spec.md': '## 2. Routes\n[back](../README.md#top) [file](../src/a.ts)\n',
      'src/a.ts': '',
    });
    expect(deadLinks(root, files)).toEqual([]);
  });

  it('reports a missing file, a missing anchor and a path out of the repository', () => {
    const files = repo({
      'README.md': '[gone](docs/gone.md)\n[anchor](docs/spec.md#3-missing)\n[out](../shared/ARCHITECTURE.md)\n',
      'docs/spec.md': '## 2. Routes\n',
    });
    expect(deadLinks(root, files).map(({ where, reason }) => `${where} ${reason}`)).toEqual([
      'README.md:1 no such file',
      'README.md:2 no heading or anchor "#3-missing" in docs/spec.md',
      'README.md:3 points outside the repository',
    ]);
  });
});
