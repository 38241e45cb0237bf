import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { failureStatus } from '@/lib/failure-status';

type FetchErrorKind = 'history' | 'balance' | 'stats' | 'transaction';

/** "Failed to fetch ...: {status}" (docs/spec.md §8) with a retry button. */
export function FetchErrorNotice({
  kind,
  error,
  onRetry,
  testId,
}: {
  kind: FetchErrorKind;
  error: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const status = failureStatus(error) ?? t('history.errors.networkStatus');
  return (
    <Notice
      tone="error"
      title={t(`history.errors.${kind}`, { status })}
      testId={testId}
      action={
        <Button size="s" mode="bezeled" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
