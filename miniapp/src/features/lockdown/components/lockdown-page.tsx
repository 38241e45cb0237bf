import { useState } from 'react';
import { Button, Placeholder, Section, Cell } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '@/components/icons';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';

export const SUPPORT_EMAIL = 'support@ziver.io';

/** The maintenance page: what is happening, how long, and how to reach support. */
export function LockdownPage() {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);

  const copyEmail = async () => {
    try {
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setIsCopied(true);
      window.setTimeout(() => setIsCopied(false), 3_000);
    } catch {
      setIsCopied(false);
    }
  };

  return (
    <Page testId="lockdown">
      <Placeholder
        header={t('lockdown.title')}
        description={t('lockdown.body')}
        action={
          <Button Component={Link} href={paths.home} mode="bezeled" size="m">
            {t('lockdown.tryAgain')}
          </Button>
        }
      >
        <span className="zv-placeholder-icon">
          <Icon name="wrench" size={48} />
        </span>
      </Placeholder>
      <Section className="zv-section">
        <Cell before={<Icon name="clock" size={22} />} multiline>
          {t('lockdown.estimate')}
        </Cell>
        <Cell
          Component="a"
          className="zv-cell-action"
          href={`mailto:${SUPPORT_EMAIL}`}
          before={<Icon name="mail" size={22} />}
          subtitle={SUPPORT_EMAIL}
        >
          {t('lockdown.contactSupport')}
        </Cell>
        <Cell
          Component="button"
          className="zv-cell-action"
          type="button"
          onClick={() => void copyEmail()}
          before={<Icon name="copy" size={22} />}
          subtitle={isCopied ? t('messages.copiedToClipboard') : undefined}
          data-testid="copy-support-email"
        >
          {t('lockdown.copyEmail')}
        </Cell>
      </Section>
    </Page>
  );
}
