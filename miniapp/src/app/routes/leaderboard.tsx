import { useState } from 'react';
import { Avatar, Button, Caption, SegmentedControl, Skeleton, Switch, Text, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useLeaderboard, type LeaderboardChoice } from '@/features/leaderboard/api/get-leaderboard';
import { texts } from '@/features/leaderboard/texts';
import { formatAmount } from '@/lib/format';
import '@/features/leaderboard/leaderboard.css';

const BOARDS = ['seb', 'zp', 'referrals'] as const;
const PERIODS = ['week', 'all'] as const;

type Row = { rank: number; username: string; avatarUrl: string | null; value: number; isMe: boolean };

/**
 * /leaderboard (issue 40): a tab per board, this week or all time, everyone or friends; my rank
 * pinned at the bottom of the screen while the list scrolls. The ranking rules are the server's
 * (docs/decisions.md "Leaderboards").
 */
export default function LeaderboardRoute() {
  const t = texts.useTexts();
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const [choice, setChoice] = useState<LeaderboardChoice>({ board: 'seb', period: 'week', scope: 'global' });
  const query = useLeaderboard(choice);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const entries = pages.flatMap((page) => page.entries);
  const value = (n: number) => `${formatAmount(n, i18n.language)} ${t(`units.${choice.board}`)}`;
  const choose = (change: Partial<LeaderboardChoice>) => setChoice((current) => ({ ...current, ...change }));

  const row = ({ rank, username, avatarUrl, value: amount, isMe }: Row) => (
    <li
      key={`${rank}-${username}`}
      className={isMe ? 'zv-board__row zv-board__row--me' : 'zv-board__row'}
      aria-current={isMe ? 'true' : undefined}
      data-testid="board-entry"
    >
      <span className={`zv-board__rank zv-board__rank--${Math.min(rank, 4)}`}>{rank}</span>
      <Avatar size={28} src={avatarUrl ?? undefined} acronym={avatarUrl ? undefined : username.slice(0, 1)} alt="" />
      <span className="zv-board__name">
        {username}
        {isMe && <span className="zv-board__you">{t('you')}</span>}
      </span>
      <span className="zv-board__value">{value(amount)}</span>
    </li>
  );

  return (
    <Page testId="leaderboard-screen" className="zv-board">
      <div className="zv-page__heading">
        <Title level="2" weight="1" Component="h1">
          {t('title')}
        </Title>
        {choice.period === 'week' && (
          <Caption level="1" className="zv-muted">
            {t('weekNote')}
          </Caption>
        )}
      </div>

      <SegmentedControl role="tablist" aria-label={t('boards.label')} className="zv-board__tabs">
        {BOARDS.map((board) => (
          <SegmentedControl.Item
            key={board}
            type="button"
            role="tab"
            aria-selected={choice.board === board}
            selected={choice.board === board}
            onClick={() => choose({ board })}
            data-testid={`board-tab-${board}`}
          >
            {t(`boards.${board}`)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>

      <div className="zv-board__filters">
        <SegmentedControl role="tablist" aria-label={t('periods.label')} className="zv-board__periods">
          {PERIODS.map((period) => (
            <SegmentedControl.Item
              key={period}
              type="button"
              role="tab"
              aria-selected={choice.period === period}
              selected={choice.period === period}
              onClick={() => choose({ period })}
              data-testid={`board-period-${period}`}
            >
              {t(`periods.${period}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>
        <label className="zv-board__friends" title={t('friendsHint')}>
          <Switch
            checked={choice.scope === 'friends'}
            aria-label={t('friends')}
            onChange={(event) => choose({ scope: event.target.checked ? 'friends' : 'global' })}
            data-testid="board-friends"
          />
          <Text>{t('friends')}</Text>
        </label>
      </div>

      {query.isPending && <Skeleton visible className="zv-board__skeleton" />}
      {query.isError && !first && (
        <Notice
          tone="error"
          title={t('error')}
          testId="board-error"
          action={
            <Button size="s" mode="bezeled" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {first && entries.length === 0 && (
        <Caption level="1" className="zv-muted" data-testid="board-empty">
          {choice.scope === 'friends' ? t('emptyFriends') : t('empty')}
        </Caption>
      )}
      {entries.length > 0 && (
        <ol className="zv-board__list" aria-label={t('list')} data-testid="board-list" aria-busy={query.isFetching}>
          {entries.map((entry) => row({ ...entry, isMe: entry.userId === user?.id }))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button
          mode="bezeled"
          size="m"
          stretched
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="board-more"
        >
          {t('more')}
        </Button>
      )}

      {first && (
        <div className="zv-board__me" data-testid="board-me" role="status">
          <Text weight="2">{t('myRank')}</Text>
          <span className="zv-board__me-rank">{first.me.rank === null ? t('unranked') : `#${first.me.rank}`}</span>
          <span className="zv-board__value">{value(first.me.value)}</span>
        </div>
      )}
    </Page>
  );
}
