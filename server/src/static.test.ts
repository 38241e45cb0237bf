import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.js';

const INLINE_SCRIPT = 'window.__early = 1;';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ziver-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  // As the build writes it: a JSON data block and the inline early-start script.
  const html =
    '<!doctype html><title>Ziver</title><script type="application/json" id="ziv-preload">{"/":[]}</script>' +
    `<script>${INLINE_SCRIPT}</script><div id="root"></div>`;
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build's precompression writes beside each file.
  const copies: [file: string, text: string][] = [
    ['index.html', html],
    ['assets/app-abc123.js', 'console.log(1)'],
  ];
  for (const [file, text] of copies) {
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dist, 'assets', 'plain-def456.js'), 'console.log(2)');
  server = await startTestServer({ MINIAPP_DIST: dist });
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the mini app', () => {
  it('serves hashed assets as immutable and the SPA shell for any app path', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    for (const p of ['/', '/mining', '/settings/security']) {
      const page = await fetch(`${server.url}${p}`);
      expect(page.status, p).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }
  });

  it('sends the precompressed copy the client accepts, brotli first, with Vary', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ];
    for (const { accept, encoding } of cases) {
      const asset = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': accept } });
      expect(asset.status, accept).toBe(200);
      expect(asset.headers.get('content-encoding'), accept).toBe(encoding);
      expect(asset.headers.get('vary'), accept).toMatch(/Accept-Encoding/);
      expect(asset.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(asset.headers.get('cache-control'), accept).toMatch(/immutable/);
      expect(await asset.text(), accept).toBe('console.log(1)');

      const page = await fetch(`${server.url}/history`, { headers: { 'Accept-Encoding': accept } });
      expect(page.headers.get('content-encoding'), accept).toBe(encoding);
      expect(page.headers.get('content-type'), accept).toMatch(/text\/html/);
      expect(page.headers.get('cache-control'), accept).toBe('no-cache');
      expect(await page.text(), accept).toContain('<div id="root">');
    }
  });

  it('serves a file without compressed copies as it is', async () => {
    const res = await fetch(`${server.url}/assets/plain-def456.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('console.log(2)');
  });

  it('answers a missing asset with 404, not the shell and not a 500', async () => {
    const res = await fetch(`${server.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
  });

  it('lets Telegram frame the app and keeps popups usable', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self' https:\/\/web\.telegram\.org/);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it("allows the built page's inline script by its hash, and no other inline script", async () => {
    const csp = (await fetch(`${server.url}/mining`)).headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(scriptSrc).toEqual(["'self'", 'https://accounts.google.com', hash]);
  });
});
