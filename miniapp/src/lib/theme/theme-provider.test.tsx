import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import type { TelegramBridge } from '@/lib/platform/telegram-bridge';
import { ThemeProvider, useTheme } from './theme-provider';

const NIGHT = { bg_color: '#17212b', secondary_bg_color: '#232e3c', header_bg_color: '#1c2733', text_color: '#f5f5f5' };
const DAY = { bg_color: '#ffffff', secondary_bg_color: '#efeff3', header_bg_color: '#fafafa', text_color: '#000000' };

function Probe() {
  const { appearance, autoFollows, usesTelegramColors } = useTheme();
  return (
    <div data-testid="probe" data-appearance={appearance} data-follows={autoFollows} data-tg={usesTelegramColors} />
  );
}

function renderTheme(telegram: TelegramBridge | null) {
  return render(
    <PlatformProvider
      initial={{ platform: telegram ? 'telegram' : 'web', telegramUsername: null, telegramLanguage: null, telegram }}
    >
      <ThemeProvider>
        <Probe />
      </ThemeProvider>
    </PlatformProvider>,
  );
}

const variable = (name: string) => document.documentElement.style.getPropertyValue(name);
const probe = () => screen.getByTestId('probe').dataset;

afterEach(() => {
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.telegramColors;
});

describe('theme provider inside and outside Telegram', () => {
  it("applies Telegram's palette inside Telegram and paints its header and background", () => {
    const telegram = createFakeTelegramBridge(NIGHT);
    renderTheme(telegram);
    expect(probe().appearance).toBe('dark');
    expect(probe().tg).toBe('true');
    expect(variable('--tg-theme-bg-color')).toBe('#17212b');
    expect(variable('--tg-theme-secondary-bg-color')).toBe('#232e3c');
    expect(document.documentElement.dataset.telegramColors).toBe('true');
    expect(telegram.calls).toContainEqual({ kind: 'chrome', colors: { header: '#1c2733', background: '#232e3c' } });
  });

  it("follows Telegram's theme changes live with 'auto'", () => {
    window.localStorage.setItem('ziver-theme', 'auto');
    const telegram = createFakeTelegramBridge(NIGHT);
    renderTheme(telegram);
    expect(probe().follows).toBe('telegram');
    expect(probe().appearance).toBe('dark');

    act(() => telegram.changeTheme(DAY));
    expect(probe().appearance).toBe('light');
    expect(variable('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(telegram.calls.at(-1)).toEqual({ kind: 'chrome', colors: { header: '#fafafa', background: '#efeff3' } });
  });

  it("keeps an explicit dark choice in our own palette when Telegram's is light", () => {
    window.localStorage.setItem('ziver-theme', 'dark');
    renderTheme(createFakeTelegramBridge(DAY));
    expect(probe().appearance).toBe('dark');
    expect(probe().tg).toBe('false');
    expect(variable('--tg-theme-bg-color')).toBe('');
  });

  it('sets no Telegram variables outside Telegram, where auto follows the device', () => {
    window.localStorage.setItem('ziver-theme', 'auto');
    renderTheme(null);
    expect(probe().follows).toBe('system');
    expect(variable('--tg-theme-bg-color')).toBe('');
    expect(document.documentElement.dataset.telegramColors).toBeUndefined();
  });
});
