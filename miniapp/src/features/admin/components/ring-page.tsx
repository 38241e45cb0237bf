import { useState } from 'react';
import { Button, Caption, Section, Text } from '@telegram-apps/telegram-ui';
import type { IntegrityRing } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useServerMessage } from '@/i18n/server-message';
import { formatAmount, formatDateTime } from '@/lib/format';
import { RING_ACTIONS, useRing, useRingAction, type RingAction } from '../api/integrity';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';
import { HeldRewards } from './held-rewards';
import { ringShortId, useReasonText } from './integrity-texts';
import { ReasonConfirm } from './reason-confirm';

/**
 * One ring: its score and figures, the signals its members share, each member with its score and
 * reasons (a name opens the user's page), and the actions on all of it: Suspend all, Reverse
 * referral rewards, Mark reviewed. Each opens a dialog that says what will happen and takes the
 * reason (required, audited); nothing is sent before the operator confirms.
 */
export function RingPage({
  ringId,
  onClose,
  onOpenUser,
}: {
  ringId: string;
  onClose: () => void;
  onOpenUser: (userId: string) => void;
}) {
  const errorText = useErrorText();
  const { t, i18n } = useAdminTranslation();
  const page = useRing(ringId);
  if (page.isPending) return <InlineLoader />;
  if (page.isError)
    return (
      <Notice tone="error" testId="admin-ring-error">
        {errorText(page.error)}
      </Notice>
    );
  const { ring } = page.data;
  const zp = (value: number) => formatAmount(value, i18n.language);
  return (
    <div className="zv-admin-card" data-testid="admin-ring-page" data-ring-id={ring.id}>
      <div className="zv-admin-card__head">
        <Text weight="2">{t('integrity.ring', { id: ringShortId(ring.id) })}</Text>
        <Button size="s" mode="plain" onClick={onClose} data-testid="admin-ring-close">
          {t('integrity.allRings')}
        </Button>
      </div>
      <Caption level="1" data-testid="admin-ring-summary">
        {t('integrity.summary', {
          score: ring.score,
          members: ring.member_count,
          zp: zp(ring.total_zp),
          rewards: zp(ring.referral_rewards),
        })}
      </Caption>
      <Caption level="1" className="zv-muted" data-testid="admin-ring-state">
        {ring.flagged ? `⚠ ${t('integrity.flagged')}` : t('integrity.notFlagged')} ·{' '}
        {ring.reviewed_at
          ? t('integrity.reviewedOn', { date: formatDateTime(ring.reviewed_at, i18n.language) })
          : t('integrity.notReviewed')}
      </Caption>
      <RingActions ring={ring} />
      <Section header={t('integrity.signalsTitle')}>
        <ul className="zv-admin-rows" data-testid="admin-ring-signals">
          {ring.signals.map((signal) => (
            <li key={`${signal.kind}:${signal.value}`} data-signal={signal.kind}>
              <div className="zv-admin-ring-member">
                <span>{t(`integrity.signal.${signal.kind}`)}</span>
                <Caption level="1" className="zv-muted">
                  {t('integrity.signalDetail', { value: signal.value, count: signal.accounts })}
                </Caption>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <HeldRewards rewards={ring.held_rewards} onOpenUser={onOpenUser} />
      <Section header={t('integrity.membersTitle')}>
        <ul className="zv-admin-rows zv-admin-ring-members" data-testid="admin-ring-members">
          {ring.members.map((member) => (
            <RingMember key={member.id} member={member} onOpenUser={onOpenUser} />
          ))}
        </ul>
      </Section>
    </div>
  );
}

function RingMember({
  member,
  onOpenUser,
}: {
  member: IntegrityRing['members'][number];
  onOpenUser: (userId: string) => void;
}) {
  const { t } = useAdminTranslation();
  const reasonText = useReasonText();
  return (
    <li data-testid="admin-ring-member" data-user-id={member.id}>
      <div className="zv-admin-ring-member">
        <button
          type="button"
          className="zv-admin-link"
          onClick={() => onOpenUser(member.id)}
          data-testid="admin-ring-member-link"
        >
          {member.username}
        </button>
        <Caption level="1" className="zv-muted" data-testid="admin-ring-member-reasons">
          {member.reasons.length === 0
            ? t('integrity.noReasons')
            : member.reasons.map((reason) => reasonText(reason.code)).join(' · ')}
        </Caption>
      </div>
      <span>{t('integrity.memberScore', { score: member.score })}</span>
    </li>
  );
}

function RingActions({ ring }: { ring: IntegrityRing }) {
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const { t } = useAdminTranslation();
  const action = useRingAction(ring.id);
  const [asking, setAsking] = useState<RingAction | null>(null);
  const [reason, setReason] = useState('');
  const confirm = () => {
    if (!asking) return;
    action.mutate(
      { action: asking, reason: reason.trim() },
      { onSuccess: () => setReason(''), onSettled: () => setAsking(null) },
    );
  };
  return (
    <>
      {action.isError && (
        <Notice tone="error" testId="admin-ring-action-error">
          {t('inbox.failed', { message: errorText(action.error) })}
        </Notice>
      )}
      {action.isSuccess && (
        <Caption level="1" className="zv-admin-card__ok" data-testid="admin-ring-action-ok">
          {serverText(action.data)}
        </Caption>
      )}
      <div className="zv-admin-card__form zv-admin-ring-actions">
        {RING_ACTIONS.map((kind) => (
          <Button
            key={kind}
            size="m"
            mode={kind === 'review' ? 'bezeled' : 'gray'}
            onClick={() => setAsking(kind)}
            data-testid={`admin-ring-${kind}`}
          >
            {t(`integrity.actions.${kind}`)}
          </Button>
        ))}
      </div>
      <ReasonConfirm
        isOpen={asking !== null}
        title={asking ? t(`integrity.confirm.${asking}Title`) : ''}
        text={asking ? t(`integrity.confirm.${asking}`) : ''}
        confirmLabel={asking ? t(`integrity.actions.${asking}`) : ''}
        tone={asking === 'review' ? 'default' : 'danger'}
        isConfirming={action.isPending}
        reason={reason}
        onReason={setReason}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        testId="admin-ring"
      />
    </>
  );
}
