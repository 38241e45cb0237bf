import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_INLINE_HANDLER_HASH,
  inlineScriptHashes,
  recordSecurityHeaders,
  SECURITY_HEADER_OPTIONS,
  withScriptHashes,
} from './security-headers.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script a browser runs, once', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<SCRIPT type=text/javascript>\n  c("é")\n</SCRIPT >',
      '<script>a()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('\n  c("é")\n')]);
  });

  it('skips data blocks and scripts loaded from a file', () => {
    const html = [
      '<script type="application/json" id="ziv-preload">{"/":[]}</script>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<script async src=/early.js></script>',
      '<script data-src="x">d()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('d()')]);
  });
});

describe('withScriptHashes', () => {
  it("adds the hashes to script-src and leaves the app's settings as they were", () => {
    const before = JSON.stringify(SECURITY_HEADER_OPTIONS);
    const options = withScriptHashes([sha('a()')]);
    const csp = options.contentSecurityPolicy as { directives: Record<string, unknown> };
    expect(csp.directives.scriptSrc).toEqual(["'self'", 'https://accounts.google.com', sha('a()')]);
    expect(JSON.stringify(SECURITY_HEADER_OPTIONS)).toBe(before);
    expect(withScriptHashes([])).toBe(SECURITY_HEADER_OPTIONS);
  });
});

describe('inline event handlers (script-src-attr)', () => {
  it('allow only the empty handler TON Connect UI sets on <body>, by its hash', () => {
    const header = recordSecurityHeaders().set.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
    const attr = header
      ?.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src-attr'));
    expect(attr).toBe(`script-src-attr 'unsafe-hashes' ${sha('')}`);
    expect(EMPTY_INLINE_HANDLER_HASH).toBe(sha(''));
    expect(header).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('service workers (worker-src)', () => {
  it("allow the app's own worker (/sw.js, browser push) and no other origin's", () => {
    const header = recordSecurityHeaders().set.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
    const worker = header
      ?.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('worker-src'));
    expect(worker).toBe("worker-src 'self'");
  });
});
