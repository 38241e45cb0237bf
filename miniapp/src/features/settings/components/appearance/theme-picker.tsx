import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '@ziver/shared/core';
import { useTheme } from '@/lib/theme/theme-provider';
import { SettingsIcon } from '../settings-icon';

const ORDER: readonly Theme[] = ['light', 'dark', 'auto'];

/** The three theme cards, each with a small preview of the app in that theme. */
export function ThemePicker({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  const { t } = useTranslation();
  // Inside Telegram, 'auto' follows Telegram's theme rather than the device's.
  const { autoFollows } = useTheme();
  const hintOf = (theme: Theme) =>
    theme === 'auto' && autoFollows === 'telegram'
      ? t('settings.appearance.theme.autoHintTelegram')
      : t(`settings.appearance.theme.${theme}Hint`);
  return (
    <div className="zv-theme-picker" role="radiogroup" aria-label={t('settings.appearance.theme.header')}>
      {ORDER.filter((theme) => THEMES.includes(theme)).map((theme) => {
        const isSelected = theme === value;
        return (
          <button
            key={theme}
            type="button"
            role="radio"
            aria-checked={isSelected}
            className={isSelected ? 'zv-theme-card zv-theme-card--selected' : 'zv-theme-card'}
            onClick={() => onChange(theme)}
            data-testid={`theme-option-${theme}`}
          >
            <span className={`zv-theme-preview zv-theme-preview--${theme}`} aria-hidden="true">
              <span className="zv-theme-preview__bar" />
              <span className="zv-theme-preview__card">
                <span className="zv-theme-preview__line" />
                <span className="zv-theme-preview__line zv-theme-preview__line--short" />
              </span>
              <span className="zv-theme-preview__button" />
            </span>
            <span className="zv-theme-card__label">
              {isSelected && <SettingsIcon name="check" size={16} />}
              {t(`settings.appearance.theme.${theme}`)}
            </span>
            <span className="zv-theme-card__hint">{hintOf(theme)}</span>
          </button>
        );
      })}
    </div>
  );
}
