import { Section, Select } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Theme } from '@ziver/shared/core';
import { useTheme } from '@/lib/theme/theme-provider';
import { useSaveLanguage, isLanguage } from '../../hooks/use-save-language';
import { useSaveTheme } from '../../hooks/use-save-theme';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { SettingsMessage } from '../settings-message';
import { SettingsSubPage } from '../settings-sub-page';
import { DisplayToggles } from './display-toggles';
import { ThemePicker } from './theme-picker';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

/** Each language named in its own script, so a reader finds theirs whatever is shown now. */
const NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  zh: '中文',
};

/**
 * /settings/appearance: theme cards, language, display toggles. Theme and language apply at
 * once and are saved; a refusal brings the previous value back. Messages clear after 3 s.
 */
export function AppearancePage() {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const { theme } = useTheme();
  const saveTheme = useSaveTheme();
  const saveLanguage = useSaveLanguage();
  const themeMessage = useTimedMessage(MESSAGE_MS.appearance);
  const languageMessage = useTimedMessage(MESSAGE_MS.appearance);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  const onTheme = async (next: Theme) => {
    if (next === theme) return;
    const outcome = await saveTheme(next);
    if (outcome.ok) themeMessage.show('success', serverText(listText('settings', SETTINGS_MESSAGES, 'themeUpdated')));
    else themeMessage.show('error', settingsErrorMessage(outcome.error));
  };

  const onLanguage = async (next: Language) => {
    if (next === language) return;
    const outcome = await saveLanguage(next);
    // Shown in the new language: 'Language changed to Spanish' in English.
    if (outcome.ok) {
      languageMessage.show(
        'success',
        t('settings.appearance.language.changed', { language: t(`settings.languages.${next}`) }),
      );
    } else {
      languageMessage.show('error', settingsErrorMessage(outcome.error));
    }
  };

  return (
    <SettingsSubPage title={t('settings.appearance.title')} testId="settings-appearance-page">
      <Section header={t('settings.appearance.theme.header')} className="zv-section">
        <ThemePicker value={theme} onChange={(next) => void onTheme(next)} />
      </Section>
      <SettingsMessage message={themeMessage.message} testId="theme-message" />
      <Section header={t('settings.appearance.language.header')} className="zv-section">
        <Select
          header={t('settings.appearance.language.label')}
          aria-label={t('settings.appearance.language.label')}
          name="language"
          value={language}
          onChange={(event) => {
            const next = event.target.value;
            if (isLanguage(next)) void onLanguage(next);
          }}
          data-testid="language-select"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {NATIVE_NAMES[code]}
              {code !== language ? ` (${t(`settings.languages.${code}`)})` : ''}
            </option>
          ))}
        </Select>
      </Section>
      <SettingsMessage message={languageMessage.message} testId="language-message" />
      <DisplayToggles />
    </SettingsSubPage>
  );
}
