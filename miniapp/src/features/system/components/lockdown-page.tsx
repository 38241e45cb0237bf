import { useState } from 'react';
import { Button, Caption, Cell, Placeholder, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { useSystemStatus } from '../api/get-system-status';
import { copyText } from '@/lib/clipboard';
import { specText, useServerText } from '@/i18n/server-text';

const COPIED_MS = 3_000;

type CopyState = 'idle' | 'copied' | 'failed';

/** The maintenance page: what is happening, how long, and how to reach support. */
export function LockdownPage() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const statusQuery = useSystemStatus();
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [hasRechecked, setHasRechecked] = useState(false);
  const status = statusQuery.data;
  // SUPPORT_EMAIL; with none set the page says to contact the operator (nothing to copy).
  const supportEmail = status?.supportEmail ?? null;
  // The admin's own words when they wrote some; the default text is shown in the user's language.
  // (by key: an admin's notice comes as 'server.verbatim', the default as 'server.lockdown').
  const customMessage = status?.message && status.messageKey === 'server.verbatim' ? status.message : null;

  const copyEmail = async (email: string) => {
    setCopyState((await copyText(email)) ? 'copied' : 'failed');
    window.setTimeout(() => setCopyState('idle'), COPIED_MS);
  };

  // A fresh check: when maintenance is over, the lockdown watcher takes the user back.
  const recheck = async () => {
    await statusQuery.refetch();
    setHasRechecked(true);
  };

  return (
    <Page testId="lockdown">
      <Placeholder
        header={t('lockdown.title')}
        description={t('lockdown.body')}
        action={
          <Button
            mode="bezeled"
            size="m"
            loading={statusQuery.isFetching}
            onClick={() => void recheck()}
            data-testid="lockdown-retry"
          >
            {t('lockdown.tryAgain')}
          </Button>
        }
      >
        <span className="zv-placeholder-icon">
          <Icon name="wrench" size={48} />
        </span>
      </Placeholder>
      {customMessage && (
        <Notice tone="info" testId="lockdown-message">
          {customMessage}
        </Notice>
      )}
      {hasRechecked && status?.lockdownMode && !statusQuery.isFetching && (
        <Caption level="1" className="zv-muted zv-center" role="status">
          {t('lockdown.stillDown')}
        </Caption>
      )}
      <Section className="zv-section">
        <Cell before={<Icon name="clock" size={22} />} multiline description={t('lockdown.backSoon')}>
          {t('lockdown.estimate')}
        </Cell>
        {supportEmail ? (
          <>
            <Cell
              Component="a"
              className="zv-cell-action"
              href={`mailto:${supportEmail}`}
              before={<Icon name="mail" size={22} />}
              subtitle={supportEmail}
              data-testid="contact-support"
            >
              {t('lockdown.contactSupport')}
            </Cell>
            <Cell
              Component="button"
              className="zv-cell-action"
              type="button"
              onClick={() => void copyEmail(supportEmail)}
              before={<Icon name="copy" size={22} />}
              subtitle={
                copyState === 'copied' ? (
                  <span role="status">{serverText(specText('copiedToClipboard'))}</span>
                ) : copyState === 'failed' ? (
                  <span role="status">{t('lockdown.copyFailed', { email: supportEmail })}</span>
                ) : undefined
              }
              data-testid="copy-support-email"
            >
              {t('lockdown.copyEmail')}
            </Cell>
          </>
        ) : (
          status && (
            <Cell before={<Icon name="mail" size={22} />} multiline data-testid="contact-operator">
              {t('lockdown.contactOperator')}
            </Cell>
          )
        )}
      </Section>
    </Page>
  );
}
