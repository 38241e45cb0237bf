import { useState } from 'react';
import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatCountdown, MESSAGES, MINING_CLIENT_TICK_MS } from '@ziver/shared/core';
import type { MiningClaimResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { serverTextOf, useServerMessage, type ServerText } from '@/i18n/server-message';
import { isApiError } from '@/lib/api-client';
import { haptics } from '@/lib/telegram-haptics';
import { useClaimMiningReward } from '../api/claim-mining-reward';
import { useStartMining } from '../api/start-mining';
import { useNow } from '../hooks/use-now';
import { deriveMiningView, type MiningStatusSnapshot } from '../utils/mining-view';
import { MiningReward } from './mining-reward';
import { MiningRing } from './mining-ring';

type ActionError = { title: string; detail: ServerText | null };

/** The mining cycle: ready (Start Mining), in progress (ring and countdown), claimable (Claim Reward). */
export function MiningCard({ status }: { status: MiningStatusSnapshot }) {
  const { t } = useTranslation();
  const translateMessage = useServerMessage();
  const [actionError, setActionError] = useState<ActionError | null>(null);
  const [reward, setReward] = useState<MiningClaimResponse['reward'] | null>(null);

  const isRunning = status.userData.mining_session_start_time !== null && !status.canClaim;
  const now = useNow(MINING_CLIENT_TICK_MS, isRunning);
  const view = deriveMiningView(status, now);

  const startMutation = useStartMining({
    onSuccess: () => setReward(null),
    onError: (error) => {
      haptics.notify('error');
      setActionError({ title: MESSAGES.failedStartMining, detail: serverTextOf(error) });
    },
  });
  const claimMutation = useClaimMiningReward({
    onSuccess: (response) => {
      haptics.notify('success');
      setReward(response.reward);
    },
    onError: (error) => {
      haptics.notify('error');
      setActionError(
        isApiError(error)
          ? { title: MESSAGES.failedToClaim, detail: serverTextOf(error) }
          : { title: MESSAGES.claimError, detail: null },
      );
    },
  });

  const onAction = () => {
    setActionError(null);
    if (view.phase === 'ready') {
      haptics.impact('medium');
      startMutation.mutate();
    } else if (view.phase === 'claimable') {
      claimMutation.mutate();
    }
  };

  const isBusy = startMutation.isPending || claimMutation.isPending;
  const label =
    view.phase === 'ready' ? t('mining.start') : view.phase === 'claimable' ? t('mining.claim') : t('mining.mining');

  return (
    <section className="zv-mining" data-testid="mining-phase" data-phase={view.phase} aria-live="polite">
      <MiningRing
        progress={view.phase === 'ready' ? 0 : view.progress}
        phase={view.phase}
        label={t('mining.progressLabel')}
      >
        <Caption level="1" className="zv-muted">
          {t(`mining.phase.${view.phase}`)}
        </Caption>
        {view.phase === 'in_progress' && (
          <>
            <Text weight="1" className="zv-ring__countdown" data-testid="mining-countdown">
              {formatCountdown(view.timeRemaining)}
            </Text>
            <Caption level="2" className="zv-muted">
              {t('mining.timeLeft')}
            </Caption>
          </>
        )}
        {view.phase === 'ready' && (
          <Text weight="1" className="zv-ring__countdown">
            {formatCountdown(view.cycleSeconds)}
          </Text>
        )}
        {view.phase === 'claimable' && (
          <Text weight="1" className="zv-ring__countdown">
            +{status.appSettings.MINING_REWARD} ZP
          </Text>
        )}
      </MiningRing>

      <Button
        size="l"
        stretched
        data-testid="mining-action"
        className={view.phase === 'claimable' && !isBusy ? 'zv-pulse' : undefined}
        disabled={view.phase === 'in_progress' || isBusy}
        loading={isBusy}
        onClick={onAction}
      >
        {label}
      </Button>

      <Caption level="1" className="zv-muted zv-center">
        {t('mining.cycleInfo', {
          duration: formatCountdown(view.cycleSeconds),
          reward: status.appSettings.MINING_REWARD,
        })}
      </Caption>

      {actionError && (
        <Notice tone="error" title={translateMessage(actionError.title)} testId="mining-error">
          {actionError.detail ? translateMessage(actionError.detail) : null}
        </Notice>
      )}
      {reward && <MiningReward reward={reward} onDismiss={() => setReward(null)} />}
    </section>
  );
}
