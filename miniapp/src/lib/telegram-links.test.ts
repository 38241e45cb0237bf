import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTelegramBridge } from './platform/fake-telegram-bridge';
import { setActiveTelegram } from './platform/telegram-bridge';
import { openExternal, openInsideTelegram, openTelegramLink, shareUrl, telegramShareLink } from './telegram-links';

afterEach(() => {
  setActiveTelegram(null);
  vi.unstubAllGlobals();
});

describe('links and sharing', () => {
  it('opens links in a new tab outside Telegram', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    expect(openExternal('https://example.com/a')).toBe(true);
    expect(openTelegramLink('https://t.me/ziver_bot')).toBe(true);
    expect(openTelegramLink('https://example.com/not-telegram')).toBe(true);
    expect(open.mock.calls).toEqual([
      ['https://example.com/a', '_blank', 'noopener,noreferrer'],
      ['https://t.me/ziver_bot', '_blank', 'noopener,noreferrer'],
      ['https://example.com/not-telegram', '_blank', 'noopener,noreferrer'],
    ]);
  });

  it('answers false when the browser refuses to open a tab', () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => {
        throw new Error('blocked');
      }),
    );
    expect(openExternal('https://example.com/a')).toBe(false);
  });

  it("uses Telegram's openLink, openTelegramLink and shareURL inside Telegram", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const telegram = createFakeTelegramBridge();
    setActiveTelegram(telegram);
    openExternal('https://example.com/a');
    openTelegramLink('https://t.me/ziver_bot');
    expect(await shareUrl('https://t.me/ziver_bot?start=ABC', 'Join me')).toBe('telegram');
    expect(telegram.calls).toEqual([
      { kind: 'openLink', url: 'https://example.com/a' },
      { kind: 'openTelegramLink', url: 'https://t.me/ziver_bot' },
      { kind: 'shareUrl', url: 'https://t.me/ziver_bot?start=ABC', text: 'Join me' },
    ]);
    expect(open).not.toHaveBeenCalled();
  });

  it('openInsideTelegram: t.me links with the in-app method, others with the external one; false outside', () => {
    expect(openInsideTelegram('https://t.me/ziver_news')).toBe(false);
    const telegram = createFakeTelegramBridge();
    setActiveTelegram(telegram);
    expect(openInsideTelegram('https://t.me/ziver_news')).toBe(true);
    expect(openInsideTelegram('https://x.com/ZiverOfficial')).toBe(true);
    expect(telegram.calls).toEqual([
      { kind: 'openTelegramLink', url: 'https://t.me/ziver_news' },
      { kind: 'openLink', url: 'https://x.com/ZiverOfficial' },
    ]);
  });

  it("shares with the browser's share sheet outside Telegram, else Telegram's share page", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    expect(await shareUrl('https://ziver.app/?ref=ABC', 'Join me')).toBe('native');
    expect(share).toHaveBeenCalledWith({ url: 'https://ziver.app/?ref=ABC', text: 'Join me' });

    share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    expect(await shareUrl('https://ziver.app/?ref=ABC')).toBe('cancelled');

    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    expect(await shareUrl('https://ziver.app/?ref=ABC', 'Join me now')).toBe('link');
    expect(open).toHaveBeenCalledWith(
      'https://t.me/share/url?url=https%3A%2F%2Fziver.app%2F%3Fref%3DABC&text=Join%20me%20now',
      '_blank',
      'noopener,noreferrer',
    );
    expect(telegramShareLink('https://x.y/')).toBe('https://t.me/share/url?url=https%3A%2F%2Fx.y%2F');
  });
});
