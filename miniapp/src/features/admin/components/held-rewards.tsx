import { useState } from 'react';
import { Button, Caption, Section } from '@telegram-apps/telegram-ui';
import type { HeldReward } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useServerMessage } from '@/i18n/server-message';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useHeldRewardAction } from '../api/integrity';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';
import { ReasonConfirm } from './reason-confirm';

type Asking = { reward: HeldReward; action: 'release' | 'drop' };

/**
 * Referral rewards held back for review (a flagged invitee's referrer's): who would be paid,
 * for whom, since when, whether it is due (the invitee has claimed); Release (pay now) and
 * Drop (never pay), each confirmed with a reason.
 */
export function HeldRewards({ rewards, onOpenUser }: { rewards: HeldReward[]; onOpenUser?: (userId: string) => void }) {
  const { t, i18n } = useAdminTranslation();
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const action = useHeldRewardAction();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [reason, setReason] = useState('');
  const confirm = () => {
    if (!asking) return;
    action.mutate(
      { referralId: asking.reward.referral_id, action: asking.action, reason: reason.trim() },
      { onSuccess: () => setReason(''), onSettled: () => setAsking(null) },
    );
  };
  const name = (user: HeldReward['referrer']) =>
    onOpenUser ? (
      <button type="button" className="zv-admin-link" onClick={() => onOpenUser(user.id)}>
        {user.username}
      </button>
    ) : (
      user.username
    );
  return (
    <Section header={t('integrity.held.title')}>
      {action.isError && (
        <Notice tone="error" testId="admin-held-error">
          {t('inbox.failed', { message: errorText(action.error) })}
        </Notice>
      )}
      {action.isSuccess && (
        <Caption level="1" className="zv-admin-card__ok" data-testid="admin-held-ok">
          {serverText(action.data)}
        </Caption>
      )}
      <ul className="zv-admin-rows zv-admin-held" data-testid="admin-held-rewards">
        {rewards.length === 0 && <li className="zv-muted">{t('integrity.held.none')}</li>}
        {rewards.map((reward) => (
          <li key={reward.referral_id} data-testid="admin-held-reward" data-due={String(reward.due)}>
            <div className="zv-admin-ring-member">
              <span>
                {name(reward.referrer)} ← {name(reward.invitee)} · {formatAmount(reward.zp, i18n.language)} ZP
              </span>
              <Caption level="1" className="zv-muted">
                {reward.due ? t('integrity.held.due') : t('integrity.held.notDue')} ·{' '}
                {t('integrity.held.since', { date: formatDateTime(reward.held_at, i18n.language) })}
              </Caption>
            </div>
            <span className="zv-admin-held-actions">
              <Button
                size="s"
                mode="bezeled"
                disabled={!reward.due}
                onClick={() => setAsking({ reward, action: 'release' })}
                data-testid="admin-held-release"
              >
                {t('integrity.held.release')}
              </Button>
              <Button
                size="s"
                mode="gray"
                onClick={() => setAsking({ reward, action: 'drop' })}
                data-testid="admin-held-drop"
              >
                {t('integrity.held.drop')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ReasonConfirm
        isOpen={asking !== null}
        title={asking ? t(`integrity.held.${asking.action}Title`) : ''}
        text={asking ? t(`integrity.held.${asking.action}Text`, { referrer: asking.reward.referrer.username }) : ''}
        confirmLabel={asking ? t(`integrity.held.${asking.action}`) : ''}
        tone={asking?.action === 'drop' ? 'danger' : 'default'}
        isConfirming={action.isPending}
        reason={reason}
        onReason={setReason}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        testId="admin-held"
      />
    </Section>
  );
}
