import { Caption, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useReferralLeaderboard } from '../api/get-referral-leaderboard';
import { ReferralIcon } from './referral-icons';

/** Top referrers (the user highlighted), and the user's own rank when outside the list. */
export function ReferralLeaderboard() {
  const { t } = useTranslation();
  const query = useReferralLeaderboard();
  const board = query.data;
  const isMeListed = board?.leaderboard.some((entry) => entry.isMe) ?? false;

  return (
    <section className="zv-ref-card" aria-labelledby="referral-leaderboard-title" data-testid="referral-leaderboard">
      <div className="zv-ref-card__head">
        <span className="zv-ref-card__icon">
          <ReferralIcon name="trophy" size={20} />
        </span>
        <Text weight="2" Component="h2" id="referral-leaderboard-title" className="zv-ref-card__title">
          {t('referrals.leaderboard.title')}
        </Text>
        <Link href={paths.leaderboard} className="zv-ref-board__all" data-testid="referrals-leaderboard-link">
          {t('nav.leaderboard')}
        </Link>
      </div>

      {query.isPending && <Skeleton visible className="zv-ref-board__skeleton" />}
      {query.isError && (
        <Caption level="1" className="zv-muted">
          {t('referrals.leaderboard.error')}
        </Caption>
      )}
      {board && board.leaderboard.length === 0 && (
        <Caption level="1" className="zv-muted">
          {t('referrals.leaderboard.empty')}
        </Caption>
      )}
      {board && board.leaderboard.length > 0 && (
        <ol className="zv-ref-board">
          {board.leaderboard.map((entry) => (
            <li
              key={`${entry.rank}-${entry.username}`}
              className={entry.isMe ? 'zv-ref-board__row zv-ref-board__row--me' : 'zv-ref-board__row'}
              aria-current={entry.isMe ? 'true' : undefined}
              data-testid="leaderboard-entry"
            >
              <span className={`zv-ref-board__rank zv-ref-board__rank--${Math.min(entry.rank, 4)}`}>{entry.rank}</span>
              <span className="zv-ref-board__name">
                {entry.username}
                {entry.isMe && <span className="zv-ref-badge zv-ref-badge--me">{t('referrals.leaderboard.you')}</span>}
              </span>
              <span className="zv-ref-board__count">
                {t('referrals.leaderboard.count', { count: entry.referralCount })}
              </span>
            </li>
          ))}
        </ol>
      )}
      {board && !isMeListed && (
        <Caption level="1" className="zv-muted" data-testid="leaderboard-me">
          {board.me.rank !== null
            ? t('referrals.leaderboard.yourRank', { rank: board.me.rank })
            : t('referrals.leaderboard.unranked')}
        </Caption>
      )}
    </section>
  );
}
