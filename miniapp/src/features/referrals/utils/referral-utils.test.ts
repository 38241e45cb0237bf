import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { connectionCodeProblem, normaliseConnectionCode } from './connection-code';
import { connectionStateOf } from './connection-state';
import { isWithinInviteWindow } from './invite-window';
import { cleanReferralCodeInput, codeLookupState } from './referral-code-input';
import { buildReferralLinks, buildShareUrl, shareLink } from './share-links';

describe('referral links', () => {
  it('builds the web sign-up link and, with a bot, its start link', () => {
    expect(buildReferralLinks({ origin: 'https://ziver.app/', code: 'AB12CD', botUsername: '@ZiverBot' })).toEqual({
      web: 'https://ziver.app/register?ref=AB12CD',
      telegram: 'https://t.me/ZiverBot?start=AB12CD',
    });
    expect(buildReferralLinks({ origin: 'http://localhost:3130', code: 'AB12CD', botUsername: null })).toEqual({
      web: 'http://localhost:3130/register?ref=AB12CD',
      telegram: null,
    });
  });

  it('has no links without a code', () => {
    expect(buildReferralLinks({ origin: 'https://ziver.app', code: '  ', botUsername: 'ZiverBot' })).toBeNull();
    // With the mini app's short name, the Telegram link opens the mini app directly.
    expect(
      buildReferralLinks({
        origin: 'https://ziver.app',
        code: 'AB12CD',
        botUsername: 'ZiverBot',
        miniAppShortName: 'app',
      })?.telegram,
    ).toBe('https://t.me/ZiverBot/app?startapp=AB12CD');
  });
});

describe('share URLs', () => {
  const content = { url: 'https://ziver.app/register?ref=AB12CD', text: 'Join me & get 100 ZP!' };

  it('Telegram takes the url and the text', () => {
    const url = new URL(buildShareUrl('telegram', content));
    expect(url.origin + url.pathname).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(content.url);
    expect(url.searchParams.get('text')).toBe(content.text);
  });

  it('WhatsApp takes one text: the message then the link', () => {
    const url = new URL(buildShareUrl('whatsapp', content));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(`${content.text} ${content.url}`);
  });

  it('Twitter takes the text and the url', () => {
    const url = new URL(buildShareUrl('twitter', content));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('text')).toBe(content.text);
    expect(url.searchParams.get('url')).toBe(content.url);
  });

  it('opens share pages in a new tab without an opener outside Telegram', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    expect(shareLink('whatsapp', content)).toBe(true);
    expect(open).toHaveBeenCalledWith(buildShareUrl('whatsapp', content), '_blank', 'noopener,noreferrer');
    open.mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(shareLink('twitter', content)).toBe(false);
  });
});

describe('connection code', () => {
  it('keeps digits only, six at most', () => {
    expect(normaliseConnectionCode(' 12-34 56 78')).toBe('123456');
    expect(normaliseConnectionCode('abc')).toBe('');
  });

  it('is empty, malformed, or fine', () => {
    expect(connectionCodeProblem('')).toBe('empty');
    expect(connectionCodeProblem('   ')).toBe('empty');
    expect(connectionCodeProblem('12345')).toBe('format');
    expect(connectionCodeProblem('12345a')).toBe('format');
    expect(connectionCodeProblem('1234567')).toBe('format');
    expect(connectionCodeProblem('123456')).toBeNull();
  });
});

describe('connection state', () => {
  const status = (hasTelegram: boolean) => ({
    hasTelegram,
    telegramUsername: 'amina',
    botUsername: 'ZiverBot',
    miniAppShortName: null,
  });
  const notFound = new ApiError({
    status: 404,
    code: 'NOT_FOUND',
    message: 'No route for GET /api/telegram/connection-status',
  });

  it('follows the server when it answers', () => {
    expect(connectionStateOf({ data: status(true), error: null, isPending: false }, false)).toBe('connected');
    expect(connectionStateOf({ data: status(false), error: null, isPending: false }, true)).toBe('not_connected');
    expect(connectionStateOf({ data: undefined, error: null, isPending: true }, false)).toBe('loading');
  });

  it('is unavailable when the route does not exist or the bot is not configured', () => {
    expect(connectionStateOf({ data: undefined, error: notFound, isPending: false }, false)).toBe('unavailable');
    const noBot = new ApiError({ status: 503, code: 'TELEGRAM_NOT_CONFIGURED', message: 'x' });
    expect(connectionStateOf({ data: undefined, error: noBot, isPending: false }, false)).toBe('unavailable');
  });

  it('falls back to the session on other failures', () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
    expect(connectionStateOf({ data: undefined, error: network, isPending: false }, true)).toBe('connected');
    expect(connectionStateOf({ data: undefined, error: network, isPending: false }, false)).toBe('not_connected');
  });
});

describe('were you invited', () => {
  const now = Date.parse('2025-01-10T12:00:00.000Z');

  it('is offered within 7 days of joining', () => {
    expect(isWithinInviteWindow('2025-01-04T12:00:00.000Z', now)).toBe(true);
    expect(isWithinInviteWindow('2025-01-02T11:59:00.000Z', now)).toBe(false);
    expect(isWithinInviteWindow(null, now)).toBe(false);
  });

  it('cleans a typed code', () => {
    expect(cleanReferralCodeInput(' ab 12-cd! ')).toBe('AB12-CD');
  });

  it('shows checking, valid, invalid (404) or error', () => {
    const base = {
      code: 'AB12CD',
      isSettled: true,
      isFetching: false,
      hasData: false,
      isError: false,
      errorStatus: null,
    };
    expect(codeLookupState({ ...base, code: '' })).toBe('idle');
    expect(codeLookupState({ ...base, isSettled: false })).toBe('checking');
    expect(codeLookupState({ ...base, isFetching: true })).toBe('checking');
    expect(codeLookupState({ ...base, hasData: true })).toBe('valid');
    expect(codeLookupState({ ...base, isError: true, errorStatus: 404 })).toBe('invalid');
    expect(codeLookupState({ ...base, isError: true, errorStatus: 500 })).toBe('error');
  });
});
