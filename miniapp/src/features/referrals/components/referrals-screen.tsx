import { useState } from 'react';
import { Button, Caption, SegmentedControl, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MAX_REFERRALS, REFERRAL_BONUS_ZP, REFERRAL_REWARD_ZP } from '@ziver/shared/core';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { isApiError } from '@/lib/api-client';
import { useReferralData } from '../api/get-referral-data';
import { useTelegramConnection } from '../api/get-telegram-connection';
import { useReferralBot } from '../hooks/use-referral-bot';
import { HowItWorks } from './how-it-works';
import { InvitedCard } from './invited-card';
import { ReferralLeaderboard } from './referral-leaderboard';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralList } from './referral-list';
import { ReferralStats } from './referral-stats';
import { TelegramConnectCard } from './telegram-connect-card';
import '../referrals.css';

type Tab = 'mine' | 'how';

/**
 * The referrals page (docs/spec.md §2): Telegram connect card, referral link card with copy and share,
 * tabs My Referrals (progress out of 50, the list, the leaderboard) and How It Works.
 */
export function ReferralsScreen() {
  const { t } = useTranslation();
  const dataQuery = useReferralData();
  const bot = useReferralBot();
  const miniAppShortName = useTelegramConnection().data?.miniAppShortName ?? null;
  const [tab, setTab] = useState<Tab>('mine');
  const data = dataQuery.data;
  // A 401 signs the user out and opens /login: nothing to say here.
  const isUnauthorized = isApiError(dataQuery.error) && dataQuery.error.status === 401;

  return (
    <Page testId="referrals-screen" className="zv-referrals">
      <div className="zv-page__heading zv-referrals__heading">
        <Title level="2" weight="1" Component="h1">
          {t('referrals.title')}
        </Title>
        <Caption level="1" className="zv-muted">
          {t('referrals.subtitle', { bonus: REFERRAL_BONUS_ZP, reward: REFERRAL_REWARD_ZP })}
        </Caption>
      </div>

      <TelegramConnectCard />

      {!data && dataQuery.isError && !isUnauthorized && (
        <Notice
          tone="error"
          title={t('referrals.errors.load')}
          testId="referrals-load-error"
          action={
            <Button size="s" mode="bezeled" onClick={() => void dataQuery.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}

      <ReferralLinkCard
        code={data?.referralCode || null}
        isLoading={dataQuery.isPending}
        botUsername={bot}
        miniAppShortName={miniAppShortName}
      />
      <InvitedCard />

      <SegmentedControl className="zv-ref-tabs" role="tablist" aria-label={t('referrals.tabs.label')}>
        {(['mine', 'how'] as const).map((id) => (
          <SegmentedControl.Item
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            selected={tab === id}
            onClick={() => setTab(id)}
            data-testid={`referral-tab-${id}`}
          >
            {t(`referrals.tabs.${id}`)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>

      {tab === 'how' && <HowItWorks />}
      {tab === 'mine' && (
        <div className="zv-ref-mine" role="tabpanel">
          {dataQuery.isPending && (
            <div className="zv-page--loading">
              <InlineLoader message={t('common.loading')} />
            </div>
          )}
          {data && (
            <>
              <ReferralStats
                count={data.referralCount}
                max={data.maxReferrals || MAX_REFERRALS}
                totalEarnings={data.totalEarnings}
              />
              <ReferralList referrals={data.referrals} />
            </>
          )}
          <ReferralLeaderboard />
        </div>
      )}
    </Page>
  );
}
