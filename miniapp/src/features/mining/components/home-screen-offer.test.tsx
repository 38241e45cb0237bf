import type { ReactElement } from 'react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { setActiveTelegram } from '@/lib/platform/telegram-bridge';
import { HomeScreenOffer } from './home-screen-offer';

afterEach(() => setActiveTelegram(null));

const render = (ui: ReactElement) => renderBare(<AppRoot appearance="light">{ui}</AppRoot>);
const added = (telegram: ReturnType<typeof createFakeTelegramBridge>) =>
  telegram.calls.filter((call) => call.kind === 'addToHomeScreen').length;

describe('the home-screen offer (Mini Apps 8.0)', () => {
  it('is offered at a 3-day streak, opens Telegram’s prompt, and is not asked again', async () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    const first = render(<HomeScreenOffer userId="u1" streak={3} />);
    const offer = await screen.findByTestId('home-screen-offer');
    expect(offer.textContent).toContain('You have mined 3 days in a row. Add Ziver to your home screen?');
    fireEvent.click(screen.getByTestId('home-screen-add'));
    expect(added(telegram)).toBe(1);
    expect(screen.queryByTestId('home-screen-offer')).toBeNull();
    expect(telegram.cloudValues.get('ziver-home-screen-asked-u1')).toBe('added');
    first.unmount();

    // Opened again: the answer is remembered (read from Telegram's CloudStorage), nothing shown.
    render(<HomeScreenOffer userId="u1" streak={4} />);
    await act(async () => undefined);
    await expect.poll(() => telegram.cloudCalls.filter((call) => call.method === 'get').length).toBe(2);
    expect(screen.queryByTestId('home-screen-offer')).toBeNull();
  });

  it('"Not now" is remembered too', async () => {
    const telegram = createFakeTelegramBridge();
    act(() => setActiveTelegram(telegram));
    render(<HomeScreenOffer userId="u2" streak={5} />);
    fireEvent.click(await screen.findByTestId('home-screen-later'));
    expect(added(telegram)).toBe(0);
    expect(telegram.cloudValues.get('ziver-home-screen-asked-u2')).toBe('declined');
  });

  it('is not offered before the streak, when Ziver is already on the home screen, or where Telegram cannot', async () => {
    const early = createFakeTelegramBridge();
    act(() => setActiveTelegram(early));
    const view = render(<HomeScreenOffer userId="u3" streak={2} />);
    await act(async () => undefined);
    expect(early.cloudCalls).toEqual([]);
    view.unmount();

    const already = createFakeTelegramBridge();
    already.setHomeScreenStatus('added');
    act(() => setActiveTelegram(already));
    const again = render(<HomeScreenOffer userId="u4" streak={3} />);
    await expect.poll(() => already.cloudCalls.length).toBe(1);
    await act(async () => undefined);
    expect(screen.queryByTestId('home-screen-offer')).toBeNull();
    again.unmount();

    act(() => setActiveTelegram(createFakeTelegramBridge({}, { hasMiniApps8: false })));
    render(<HomeScreenOffer userId="u5" streak={9} />);
    await act(async () => undefined);
    expect(screen.queryByTestId('home-screen-offer')).toBeNull();
  });
});
