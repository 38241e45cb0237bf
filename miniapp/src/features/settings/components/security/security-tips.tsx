import { Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '../settings-icon';

const TIPS = ['rotate', 'unique', 'twoFactor', 'backupCodes', 'phishing'] as const;

/** Security tips; one reads 'Change your password every 3-6 months' (docs/spec.md §2). */
export function SecurityTips() {
  const { t } = useTranslation();
  return (
    <Section header={t('settings.security.tips.header')} className="zv-section" data-testid="security-tips">
      <ul className="zv-tips">
        {TIPS.map((tip) => (
          <li key={tip}>
            <SettingsIcon name="check" size={18} className="zv-ok-text" />
            <span>{t(`settings.security.tips.${tip}`)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
