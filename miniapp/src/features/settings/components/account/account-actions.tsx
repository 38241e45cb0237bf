import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

/** Delete Account and Export Data exist but are disabled (docs/spec.md §2); the note says why. */
export function AccountActions() {
  const { t } = useTranslation();
  return (
    <Section
      header={t('settings.account.actions.header')}
      footer={t('settings.account.actions.hint')}
      className="zv-section"
    >
      <div className="zv-section-actions zv-section-actions--split">
        <Button size="m" mode="gray" disabled data-testid="export-data">
          {t('settings.account.actions.export')}
        </Button>
        <Button size="m" mode="gray" disabled className="zv-danger-text" data-testid="delete-account">
          {t('settings.account.actions.delete')}
        </Button>
      </div>
    </Section>
  );
}
