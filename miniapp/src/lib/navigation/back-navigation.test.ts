import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '@/config/navigation';
import { paths } from '@/config/paths';
import { backTargetFor, shouldShowBackButton } from './back-navigation';

const show = (path: string, extra: Partial<{ hasRegisteredAction: boolean; hasOpenDialog: boolean }> = {}) =>
  shouldShowBackButton({ path, hasRegisteredAction: false, hasOpenDialog: false, ...extra });

describe('Telegram back button: which pages show it', () => {
  it('hides it on the bottom-nav roots, the home page and the sign-in pages', () => {
    for (const item of NAV_ITEMS) expect(show(item.path)).toBe(false);
    for (const path of [paths.home, paths.mining, paths.marketplace, paths.wallet, paths.login, paths.lockdown]) {
      expect(show(path)).toBe(false);
      expect(backTargetFor(path)).toBeNull();
    }
  });

  it('shows it on nested pages, leading to their parent', () => {
    expect(backTargetFor(paths.settingsSecurity)).toBe(paths.settings);
    expect(backTargetFor(paths.settingsAppearance)).toBe(paths.settings);
    expect(backTargetFor(paths.settingsNotifications)).toBe(paths.settings);
    expect(backTargetFor(paths.settingsAccount)).toBe(paths.settings);
    expect(backTargetFor(paths.register)).toBe(paths.login);
    for (const path of [paths.settings, paths.history, paths.profileSetup]) {
      expect(show(path)).toBe(true);
      expect(backTargetFor(path)).toBe(paths.home);
    }
  });

  it('treats a trailing slash as the same page', () => {
    expect(backTargetFor('/mining/')).toBeNull();
    expect(backTargetFor('/settings/security/')).toBe(paths.settings);
  });

  it('shows it on a root page while a modal is open or a back action is registered', () => {
    expect(show(paths.mining, { hasOpenDialog: true })).toBe(true);
    expect(show(paths.wallet, { hasRegisteredAction: true })).toBe(true);
  });
});
