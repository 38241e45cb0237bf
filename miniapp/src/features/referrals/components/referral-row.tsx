import { Avatar, Caption, IconButton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { REFERRAL_REWARD_ZP } from '@ziver/shared/core';
import { formatAmount, formatDate, formatRelativeTime } from '@/lib/format';
import type { ReferralEntry } from '@ziver/shared';
import { ReferralIcon } from './referral-icons';

/** One referral: avatar or initial, name, when they joined, streak, mining now, reward paid or pending, remove. */
export function ReferralRow({
  referral,
  onRemove,
}: {
  referral: ReferralEntry;
  onRemove: (referral: ReferralEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const joined = formatDate(referral.created_at, i18n.language);
  // How long ago they were last seen ("3 minutes ago"); the live badge says it while they mine.
  const lastSeen = referral.isMining ? null : formatRelativeTime(referral.last_seen, i18n.language);
  const initial = referral.username.charAt(0).toUpperCase();
  return (
    <li
      className="zv-ref-row"
      data-testid="referral-item"
      data-username={referral.username}
      data-mining={referral.isMining}
      data-reward-paid={referral.rewardPaid}
    >
      <span className="zv-ref-row__avatar">
        <Avatar
          size={40}
          src={referral.avatar_url ?? undefined}
          acronym={referral.avatar_url ? undefined : initial}
          alt=""
        />
        {referral.isMining && <span className="zv-ref-row__live" aria-hidden="true" />}
      </span>
      <div className="zv-ref-row__main">
        <div className="zv-ref-row__name-line">
          <Text weight="2" className="zv-ref-row__name">
            {referral.username}
          </Text>
          {referral.isMining && (
            <span className="zv-ref-badge zv-ref-badge--live" data-testid="referral-mining">
              {t('referrals.list.mining')}
            </span>
          )}
        </div>
        <Caption level="1" className="zv-muted zv-ref-row__meta">
          {[
            joined && t('referrals.list.joined', { date: joined }),
            t('referrals.list.streak', { count: referral.daily_streak_count }),
            lastSeen && t('referrals.list.lastSeen', { when: lastSeen }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Caption>
        {referral.rewardPaid ? (
          <Caption level="1" className="zv-ref-ok" data-testid="referral-reward" data-paid="true">
            {t('referrals.list.rewardPaid', { amount: formatAmount(REFERRAL_REWARD_ZP, i18n.language) })}
          </Caption>
        ) : (
          <Caption
            level="1"
            className="zv-muted"
            data-testid="referral-reward"
            data-paid="false"
            title={t('referrals.list.rewardPendingHint')}
          >
            {t('referrals.list.rewardPending')}
          </Caption>
        )}
      </div>
      <IconButton
        mode="plain"
        size="s"
        className="zv-ref-row__remove"
        onClick={() => onRemove(referral)}
        aria-label={t('referrals.list.removeLabel', { username: referral.username })}
        title={t('referrals.list.remove')}
        data-testid="referral-remove"
      >
        <ReferralIcon name="trash" size={18} />
      </IconButton>
    </li>
  );
}
