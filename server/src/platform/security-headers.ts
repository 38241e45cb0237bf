import { createHash } from 'node:crypto';
import type { Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { RequestConcern } from './request-concern.js';

/** CSP hash of an empty inline script or handler (sha256 of ""). */
export const EMPTY_INLINE_HANDLER_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/** The app's helmet settings: the one source of its security headers. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  // Telegram Web shows mini apps in an iframe, so framing by Telegram must be allowed.
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  // Google sign-in and link tasks open popups and watch them close; 'same-origin' would sever them.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://accounts.google.com'],
      // Inline handlers stay off, but for one: TON Connect UI (/wallet) sets an empty
      // ontouchstart="" on <body> (Safari's :active fix). That empty handler runs nothing; its
      // hash allows exactly it, where helmet's default 'none' logged a CSP error per visit.
      scriptSrcAttr: ["'unsafe-hashes'", EMPTY_INLINE_HANDLER_HASH],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // TON Connect (/wallet) fetches the wallets list (config.ton.org) and talks to each wallet
      // through that wallet's own HTTP bridge (SSE and POST), on whatever https host the list names.
      connectSrc: ["'self'", 'https:'],
      frameSrc: ["'self'", 'https://accounts.google.com'],
      // The service worker of browser push (/sw.js), from this origin only.
      workerSrc: ["'self'"],
      frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
      upgradeInsecureRequests: null,
    },
  },
};

/** Script types a browser runs; any other `type` is a data block (e.g. application/json). */
const SCRIPT_TYPES = /^(module|(text|application)\/(javascript|ecmascript))$/i;

/**
 * CSP sources for a page's inline scripts: `'sha256-…'` of each one's exact text (CSP Level 2
 * hash sources). Data blocks and scripts with `src` need none. Read from our own built
 * index.html, whose inline script is the mini app's early start (miniapp/build/early.js).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1];
    if (type && !SCRIPT_TYPES.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The app's settings with `hashes` added to script-src (the inline scripts of the served page). */
export function withScriptHashes(hashes: string[], options: HelmetOptions = SECURITY_HEADER_OPTIONS): HelmetOptions {
  if (hashes.length === 0) return options;
  const csp = options.contentSecurityPolicy;
  if (typeof csp !== 'object' || !csp.directives) return options;
  const scriptSrc = csp.directives.scriptSrc;
  if (!Array.isArray(scriptSrc)) return options;
  return {
    ...options,
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, scriptSrc: [...scriptSrc, ...hashes] } },
  };
}

/** helmet's answer to any request: the headers it sets (name, value) and the ones it removes. */
export type RecordedHeaders = { set: readonly (readonly [string, string])[]; removed: readonly string[] };

/**
 * helmet's headers, computed once: helmet runs on a recording response at start-up (the
 * settings hold no per-request values such as nonces, so the headers are the same for every
 * request). security-headers.test.ts checks they equal helmet's own answer.
 */
export function recordSecurityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): RecordedHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set, removed };
}

/** The security headers concern (request-pipeline.ts): every answer carries the recorded headers. */
export function securityHeadersConcern(recorded: RecordedHeaders): RequestConcern {
  const fixed = recorded.set.flat();
  return { name: 'security headers', removed: recorded.removed, headers: () => fixed };
}
