import { navigate } from 'wouter/use-browser-location';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTelegramLaunchHash } from './launch-hint';

const LAUNCH = '#tgWebAppData=user%3D%257B%257D&tgWebAppVersion=8.0&tgWebAppPlatform=weba';

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  window.history.replaceState(null, '', '/');
});

describe('keepTelegramLaunchHash', () => {
  it('puts the launch hash back after every router navigation, so a reload finds it', () => {
    window.history.replaceState(null, '', `/${LAUNCH}`);
    stop = keepTelegramLaunchHash(window);

    navigate('/profile/setup', { replace: true });
    expect(`${window.location.pathname}${window.location.hash}`).toBe(`/profile/setup${LAUNCH}`);
    navigate('/tasks?tab=open');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      `/tasks?tab=open${LAUNCH}`,
    );
    // An anchor of the app's own stays.
    navigate('/legal#privacy');
    expect(window.location.hash).toBe('#privacy');
  });

  it('does nothing outside Telegram (no launch hash)', () => {
    window.history.replaceState(null, '', '/');
    stop = keepTelegramLaunchHash(window);
    navigate('/login');
    expect(window.location.hash).toBe('');
  });
});
