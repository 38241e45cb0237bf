import type { ReactElement } from 'react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { setActiveTelegram } from '@/lib/platform/telegram-bridge';
import { FullscreenButton } from './fullscreen-button';

afterEach(() => setActiveTelegram(null));

const render = (ui: ReactElement) => renderBare(<AppRoot appearance="light">{ui}</AppRoot>);

const fullscreenCalls = (telegram: ReturnType<typeof createFakeTelegramBridge>) =>
  telegram.calls.flatMap((call) => (call.kind === 'fullscreen' ? [call.isOn] : []));

describe('the mining screen’s full-screen button', () => {
  it('enters and leaves full screen, and leaves it when the screen goes', async () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    const view = render(<FullscreenButton />);
    const button = screen.getByTestId('mining-fullscreen');
    expect(button.getAttribute('aria-label')).toBe('Full screen');

    await act(async () => fireEvent.click(button));
    expect(fullscreenCalls(telegram)).toEqual([true]);
    expect(button.getAttribute('aria-label')).toBe('Leave full screen');
    expect(button.getAttribute('aria-pressed')).toBe('true');

    view.unmount();
    expect(fullscreenCalls(telegram)).toEqual([true, false]);
  });

  it('says so when Telegram refuses (fullscreen_failed), and leaves nothing to undo', async () => {
    const telegram = createFakeTelegramBridge();
    telegram.failFullscreenWith('UNSUPPORTED');
    act(() => setActiveTelegram(telegram));
    const view = render(<FullscreenButton />);
    await act(async () => fireEvent.click(screen.getByTestId('mining-fullscreen')));
    expect(screen.getByTestId('mining-fullscreen-failed').textContent).toBe(
      'Telegram could not open full screen here.',
    );
    view.unmount();
    expect(fullscreenCalls(telegram)).toEqual([true]);
  });

  it('is not offered where the client cannot go full screen, nor outside Telegram', () => {
    act(() => setActiveTelegram(createFakeTelegramBridge({}, { hasMiniApps8: false })));
    const inOldClient = render(<FullscreenButton />);
    expect(screen.queryByTestId('mining-fullscreen')).toBeNull();
    inOldClient.unmount();
    act(() => setActiveTelegram(null));
    render(<FullscreenButton />);
    expect(screen.queryByTestId('mining-fullscreen')).toBeNull();
  });
});
