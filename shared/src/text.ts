import { z } from 'zod';
import { MESSAGES } from './messages.js';

/**
 * Whether a string is safe to accept as text: no NUL or other C0 control character (tab, line
 * feed and carriage return are fine) and no lone UTF-16 surrogate. PostgreSQL cannot store NUL
 * in text and a lone surrogate is not Unicode, so either would otherwise fail deep in a query.
 */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * `z.string()` for every text a request carries (bodies, query strings): the same string
 * schema with the safe-text check first, so NUL and lone surrogates are a 400 everywhere.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: MESSAGES.unsafeText, abort: true });
}
