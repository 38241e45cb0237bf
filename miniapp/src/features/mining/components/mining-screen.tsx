import { Button, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { serverTextOf, specText, useServerText } from '@/i18n/server-text';
import { useSession } from '@/lib/session';
import { useMiningStatus } from '../api/get-mining-status';
import { MiningCard } from './mining-card';
import { FullscreenButton } from './fullscreen-button';
import { HomeScreenOffer } from './home-screen-offer';
import { MiningClock } from './mining-clock';
import { MiningStats } from './mining-stats';
import { RecentActivity } from './recent-activity';
import '../mining.css';

/** The mining hub: stats, clock and the mining cycle (docs/spec.md §4). */
export function MiningScreen() {
  const { t } = useTranslation();
  const translateMessage = useServerText();
  const statusQuery = useMiningStatus();
  const user = useSession()?.user;

  const status = statusQuery.data;

  if (!status && !statusQuery.isError) {
    return (
      <Page className="zv-page--loading">
        <InlineLoader message={t('common.loading')} />
      </Page>
    );
  }

  if (!status) {
    const detail = serverTextOf(statusQuery.error);
    return (
      <Page>
        <Notice
          tone="error"
          title={translateMessage(specText('failedMiningStatus'))}
          testId="mining-status-error"
          action={
            <Button size="s" mode="bezeled" onClick={() => void statusQuery.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {detail ? translateMessage(detail) : null}
        </Notice>
      </Page>
    );
  }

  return (
    <Page testId="mining-screen">
      <div className="zv-page__title">
        <Title level="2" weight="1" Component="h1">
          {t('mining.title')}
        </Title>
        <span className="zv-mining-title-tools">
          <MiningClock />
          <FullscreenButton />
        </span>
      </div>
      <MiningStats userData={status.userData} />
      {user ? <HomeScreenOffer userId={user.id} streak={status.userData.daily_streak_count} /> : null}
      <MiningCard status={status} />
      <Link href={paths.leaderboard} className="zv-recent__link" data-testid="mining-leaderboard-link">
        {t('nav.leaderboard')}
      </Link>
      <RecentActivity />
    </Page>
  );
}
