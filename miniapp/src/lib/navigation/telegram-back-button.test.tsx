import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { setActiveTelegram } from '@/lib/platform/telegram-bridge';
import { TelegramBackButton } from './telegram-back-button';
import { useBackButton } from './use-back-button';

afterEach(() => setActiveTelegram(null));

function ModalPage() {
  const [isOpen, setIsOpen] = useState(true);
  const { isNative } = useBackButton(() => setIsOpen(false), { isEnabled: isOpen });
  return (
    <div data-testid="modal-page" data-open={isOpen} data-native={isNative}>
      {isOpen ? 'open' : 'closed'}
    </div>
  );
}

describe('Telegram back button', () => {
  it('shows on a nested page and goes to its parent when pressed', () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    act(() => navigate('/settings/security'));
    render(<TelegramBackButton />);
    expect(telegram.isBackButtonVisible()).toBe(true);

    act(() => telegram.pressBackButton());
    expect(window.location.pathname).toBe('/settings');
    expect(telegram.isBackButtonVisible()).toBe(true);

    act(() => telegram.pressBackButton());
    expect(window.location.pathname).toBe('/');
    expect(telegram.isBackButtonVisible()).toBe(false);
  });

  it('goes on from the new page when pressed again before the next frame', async () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    act(() => navigate('/settings/security'));
    render(<TelegramBackButton />);

    // Outside act: the page changes and renders, and the second press comes before the frame in
    // which passive effects run (a quick double tap; Telegram's event is not a discrete DOM event).
    telegram.pressBackButton();
    // One macrotask: React renders the new page, its passive effects have not run (the frame under test).
    // eslint-disable-next-line no-restricted-syntax -- yielding exactly one task is the timing under test
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.location.pathname).toBe('/settings');
    telegram.pressBackButton();
    expect(window.location.pathname).toBe('/');
  });

  it('is hidden on a bottom-nav root', () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    act(() => navigate('/mining'));
    render(<TelegramBackButton />);
    expect(telegram.isBackButtonVisible()).toBe(false);
  });

  it('closes a registered modal first, and hides again once it is closed on a root page', () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    act(() => navigate('/wallet'));
    const view = render(
      <>
        <TelegramBackButton />
        <ModalPage />
      </>,
    );
    expect(view.getByTestId('modal-page').dataset.native).toBe('true');
    expect(telegram.isBackButtonVisible()).toBe(true);

    act(() => telegram.pressBackButton());
    expect(view.getByTestId('modal-page').dataset.open).toBe('false');
    expect(window.location.pathname).toBe('/wallet');
    expect(telegram.isBackButtonVisible()).toBe(false);
  });

  it('closes an open dialog (as Escape does) before leaving the page', async () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    act(() => navigate('/history'));
    render(<TelegramBackButton />);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    const keys: string[] = [];
    document.addEventListener('keydown', (event) => keys.push(event.key), { capture: true, once: true });
    await act(async () => document.body.append(dialog));

    act(() => telegram.pressBackButton());
    expect(keys).toEqual(['Escape']);
    expect(window.location.pathname).toBe('/history');
    dialog.remove();
  });

  it('does nothing outside Telegram, where pages keep their own back button', () => {
    act(() => navigate('/settings/security'));
    const view = render(
      <>
        <TelegramBackButton />
        <ModalPage />
      </>,
    );
    expect(view.getByTestId('modal-page').dataset.native).toBe('false');
  });
});
