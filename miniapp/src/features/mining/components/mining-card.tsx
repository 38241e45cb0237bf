import { useRef, useState } from 'react';
import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MINING_CLIENT_TICK_MS } from '@ziver/shared/core';
import { countdownParts, formatAmount, formatDuration } from '@/lib/format';
import type { MiningClaimResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { serverTextOf, specText, useServerText, type ServerText } from '@/i18n/server-text';
import { isApiError } from '@/lib/api-client';
import { haptics } from '@/lib/telegram-haptics';
import { useClaimMiningReward } from '../api/claim-mining-reward';
import { useStartMining } from '../api/start-mining';
import { useNow } from '../hooks/use-now';
import { deriveMiningView, type MiningStatusSnapshot } from '../utils/mining-view';
import { MiningReward } from './mining-reward';
import { MiningRing } from './mining-ring';

type ActionError = { title: ServerText; detail: ServerText | null };

/** The mining cycle: ready (Start Mining), in progress (ring and countdown), claimable (Claim Reward). */
export function MiningCard({ status }: { status: MiningStatusSnapshot }) {
  const { t, i18n } = useTranslation();
  const translateMessage = useServerText();
  const [actionError, setActionError] = useState<ActionError | null>(null);
  const [reward, setReward] = useState<MiningClaimResponse['reward'] | null>(null);

  const isRunning = status.userData.mining_session_start_time !== null && !status.canClaim;
  const now = useNow(MINING_CLIENT_TICK_MS, isRunning);
  const view = deriveMiningView(status, now);

  const startMutation = useStartMining({
    onSuccess: () => setReward(null),
    onError: (error) => {
      haptics.notify('error');
      setActionError({ title: specText('failedStartMining'), detail: serverTextOf(error) });
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
          ? { title: specText('failedToClaim'), detail: serverTextOf(error) }
          : { title: specText('claimError'), detail: null },
      );
    },
  });

  // One request per intent: react-query reports `isPending` a task after `mutate`, so a second
  // tap before the button re-renders as busy would send a second request. This ref closes the
  // gap synchronously and opens again once the answer is handled.
  const isSending = useRef(false);
  const settle = { onSettled: () => void (isSending.current = false) };
  const onAction = () => {
    if (isSending.current) return;
    setActionError(null);
    if (view.phase === 'ready') {
      isSending.current = true;
      haptics.impact('medium');
      startMutation.mutate(undefined, settle);
    } else if (view.phase === 'claimable') {
      isSending.current = true;
      claimMutation.mutate(undefined, settle);
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
              <Countdown seconds={view.timeRemaining} language={i18n.language} />
            </Text>
            <Caption level="2" className="zv-muted">
              {t('mining.timeLeft')}
            </Caption>
          </>
        )}
        {view.phase === 'ready' && (
          <Text weight="1" className="zv-ring__countdown">
            <Countdown seconds={view.cycleSeconds} language={i18n.language} />
          </Text>
        )}
        {view.phase === 'claimable' && (
          <Text weight="1" className="zv-ring__countdown">
            +{formatAmount(status.appSettings.MINING_REWARD, i18n.language)} ZP
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
          duration: formatDuration(view.cycleSeconds, i18n.language),
          reward: formatAmount(status.appSettings.MINING_REWARD, i18n.language),
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

/** The ring's countdown: digits large, units ("Std.", "min") smaller, so every language fits on one line. */
function Countdown({ seconds, language }: { seconds: number; language: string }) {
  return (
    <>
      {countdownParts(seconds, language).map((part, index) =>
        part.kind === 'unit' ? (
          <span key={index} className="zv-ring__unit">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
