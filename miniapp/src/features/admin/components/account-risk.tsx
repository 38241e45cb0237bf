import { useState } from 'react';
import { Button, Caption, Section } from '@telegram-apps/telegram-ui';
import type { AccountRisk as Risk } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useServerMessage } from '@/i18n/server-message';
import { formatDateTime } from '@/lib/format';
import { useReviewAccount } from '../api/integrity';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';
import { HeldRewards } from './held-rewards';
import { useReasonText } from './integrity-texts';
import { ReasonConfirm } from './reason-confirm';

/**
 * An account's risk on its admin page: score against the threshold, flagged or not, each reason
 * translated, Mark reviewed (confirmed with a reason), and the referral rewards held for it or
 * for its referrer.
 */
export function AccountRisk({ userId, risk }: { userId: string; risk: Risk }) {
  const { t, i18n } = useAdminTranslation();
  const reasonText = useReasonText();
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const review = useReviewAccount(userId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Section header={t('integrity.risk.title')}>
        <div className="zv-admin-risk" data-testid="admin-user-risk" data-flagged={String(risk.flagged)}>
          <Caption level="1" weight="2" data-testid="admin-user-risk-score">
            {t('integrity.risk.score', { score: risk.score, threshold: risk.threshold })} ·{' '}
            {risk.flagged ? `⚠ ${t('integrity.risk.flagged')}` : t('integrity.risk.notFlagged')}
            {risk.reviewed_at &&
              ` · ${t('integrity.risk.reviewed', { date: formatDateTime(risk.reviewed_at, i18n.language) })}`}
          </Caption>
          <ul className="zv-admin-rows" data-testid="admin-user-risk-reasons">
            {risk.reasons.length === 0 && <li className="zv-muted">{t('integrity.risk.none')}</li>}
            {risk.reasons.map((r) => (
              <li key={r.code} data-reason={r.code}>
                <span>{reasonText(r.code)}</span>
                <span>+{r.weight}</span>
              </li>
            ))}
          </ul>
          {review.isError && (
            <Notice tone="error" testId="admin-user-review-error">
              {t('inbox.failed', { message: errorText(review.error) })}
            </Notice>
          )}
          {review.isSuccess && (
            <Caption level="1" className="zv-admin-card__ok" data-testid="admin-user-review-ok">
              {serverText(review.data)}
            </Caption>
          )}
          {(risk.flagged || risk.reasons.length > 0) && (
            <Button size="s" mode="bezeled" onClick={() => setAsking(true)} data-testid="admin-user-review">
              {t('integrity.actions.review')}
            </Button>
          )}
        </div>
        <ReasonConfirm
          isOpen={asking}
          title={t('integrity.risk.reviewTitle')}
          text={t('integrity.risk.reviewText')}
          confirmLabel={t('integrity.actions.review')}
          tone="default"
          isConfirming={review.isPending}
          reason={reason}
          onReason={setReason}
          onConfirm={() =>
            review.mutate(
              { reason: reason.trim() },
              { onSuccess: () => setReason(''), onSettled: () => setAsking(false) },
            )
          }
          onCancel={() => setAsking(false)}
          testId="admin-user-review"
        />
      </Section>
      {risk.held_rewards.length > 0 && <HeldRewards rewards={risk.held_rewards} />}
    </>
  );
}
