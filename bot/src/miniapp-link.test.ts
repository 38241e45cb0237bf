import { describe, expect, it } from 'vitest';
import { miniappUrlWithReferral, parseReferralPayload, privateChatLink, resolveMiniappLink } from './miniapp-link.js';

describe('parseReferralPayload', () => {
  it('accepts 1-64 characters of A-Z, a-z, 0-9, _ and -', () => {
    expect(parseReferralPayload('ABCD2345')).toBe('ABCD2345');
    expect(parseReferralPayload('a_b-C')).toBe('a_b-C');
    expect(parseReferralPayload('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('ignores anything else', () => {
    for (const payload of [undefined, '', ' ', 'x'.repeat(65), 'with space', 'a&b=c', '../x', 'ref%3D1', 'ÄÖÜ']) {
      expect(parseReferralPayload(payload), String(payload)).toBeUndefined();
    }
  });
});

describe('resolveMiniappLink', () => {
  it('uses https URLs for web_app buttons, shows http ones as text, and rejects the rest', () => {
    expect(resolveMiniappLink('https://ziver.test')).toEqual({ kind: 'web_app', url: 'https://ziver.test' });
    expect(resolveMiniappLink('http://localhost:5173')).toEqual({ kind: 'link', url: 'http://localhost:5173' });
    expect(resolveMiniappLink('ftp://ziver.test')).toBeUndefined();
    expect(resolveMiniappLink('not a url')).toBeUndefined();
    expect(resolveMiniappLink(undefined)).toBeUndefined();
  });
});

describe('miniappUrlWithReferral', () => {
  it('adds ?ref=<code>, keeping the path and other query parameters', () => {
    expect(miniappUrlWithReferral('https://ziver.test', 'CODE')).toBe('https://ziver.test/?ref=CODE');
    expect(miniappUrlWithReferral('https://ziver.test/app?x=1', 'CODE')).toBe('https://ziver.test/app?x=1&ref=CODE');
    expect(miniappUrlWithReferral('https://ziver.test/?ref=OLD', 'NEW')).toBe('https://ziver.test/?ref=NEW');
  });

  it('leaves the URL untouched without a code', () => {
    expect(miniappUrlWithReferral('https://ziver.test', undefined)).toBe('https://ziver.test');
  });
});

describe('privateChatLink', () => {
  it('carries the payload as start only, never startapp', () => {
    expect(privateChatLink('ziver_bot', 'CODE')).toBe('https://t.me/ziver_bot?start=CODE');
    expect(privateChatLink('ziver_bot', undefined)).toBe('https://t.me/ziver_bot');
  });
});
