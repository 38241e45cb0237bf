import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { tierProgress } from '@ziver/shared/core';
import { formatAmount, formatPercent } from '@/lib/format';
import type { PublicUser } from '@ziver/shared';
import { formatMemberSince } from '../utils/profile-format';

/** The Overview tab: who, since when, balances, SEB tier with progress, streak, referral code. */
export function ProfileOverview({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const { tier, next, progress } = tierProgress(user.social_capital_score);
  const percent = Math.round(progress * 100);
  const progressText = next
    ? t('profile.overview.tierNext', {
        percent: formatPercent(percent / 100, i18n.language),
        next: t(`mining.tiers.${next}`),
      })
    : t('profile.overview.tierTop');
  const streak = user.daily_streak_count;

  return (
    <Section header={t('profile.overview.header')} className="zv-section" data-testid="profile-overview">
      <Cell subhead={t('profile.overview.username')} data-testid="profile-overview-username">
        {user.username}
      </Cell>
      <Cell subhead={t('profile.overview.memberSince')}>
        {formatMemberSince(user.created_at, i18n.language) ?? '—'}
      </Cell>
      <Cell subhead={t('profile.overview.zp')} data-testid="profile-zp">
        {formatAmount(user.zp_balance, i18n.language)} ZP
      </Cell>
      <Cell subhead={t('profile.overview.seb')} data-testid="profile-seb" multiline>
        <span className="zv-profile-seb">
          {formatAmount(user.social_capital_score, i18n.language)}
          <span className={`zv-tier zv-tier--${tier.toLowerCase()}`} data-testid="profile-tier" data-tier={tier}>
            {t(`mining.tiers.${tier}`)}
          </span>
        </span>
        <span
          className="zv-profile-progress"
          role="progressbar"
          aria-label={t('profile.overview.tierProgressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={progressText}
        >
          <span className="zv-profile-progress__bar" style={{ width: `${Math.max(2, percent)}%` }} />
        </span>
        <span className="zv-muted zv-profile-progress__text">{progressText}</span>
      </Cell>
      <Cell subhead={t('profile.overview.streak')} data-testid="profile-streak">
        {streak} {t('mining.streakUnit', { count: streak })}
      </Cell>
      <Cell subhead={t('profile.overview.referralCode')} data-testid="profile-referral-code">
        {user.referral_code}
      </Cell>
    </Section>
  );
}
