import { describe, expect, it } from 'vitest';
import frFeatures from '@/app/locales/fr-features';
import frStart from '@/app/locales/fr-start';
import { applyLanguage, applyStartupLanguage, featureTextsReady, i18n } from './index';

describe('a language in two chunks', () => {
  // Whether the features' French is already in depends on which test files ran before in this
  // worker (they share the i18n instance); the split itself is held by the StartTranslation and
  // FeaturesTranslation types and by locales.test.ts.
  it('switches at start-up with the start texts; featureTextsReady brings the rest', async () => {
    // The test setup applied English at start-up; another start-up language (a second call, as
    // LanguageSync makes after detection) switches to it.
    await applyStartupLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('header.logout')).toBe(frStart.header.logout);
    expect(i18n.t('mining.title')).toBe(frStart.mining.title);

    await featureTextsReady();
    expect(i18n.t('auth.login.title')).toBe(frFeatures.auth.login.title);
    await applyLanguage('en');
  });

  it('loads all of a language before switching to it when the reader chooses it', async () => {
    await applyLanguage('zh');
    expect(i18n.language).toBe('zh');
    expect(i18n.getResource('zh', 'translation', 'auth.login.title')).toBeTruthy();
    expect(i18n.getResource('zh', 'translation', 'nav.label')).toBeTruthy();
    await applyLanguage('en');
  });
});
