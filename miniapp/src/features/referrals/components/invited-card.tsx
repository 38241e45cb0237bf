import { serverTextOf } from '@/i18n/server-message';
import { useEffect, useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Caption, Input, Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { REFERRAL_BONUS_ZP } from '@ziver/shared/core';
import type { SmartSuggestionResponse } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';
import { flashMessages } from '@/lib/flash-message';
import { useSession } from '@/lib/session';
import { useApplyReferral } from '../api/apply-referral';
import { useReferrerInfo } from '../api/get-referrer-info';
import { useSmartSuggestion } from '../api/get-smart-suggestion';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useTranslateReferralMessage } from '../hooks/use-translate-referral-message';
import { isInviteDismissed, isWithinInviteWindow, rememberInviteDismissed } from '../utils/invite-window';
import { cleanReferralCodeInput, codeLookupState } from '../utils/referral-code-input';
import { CommunitySuggestion } from './community-suggestion';
import { ReferralIcon } from './referral-icons';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';

const LOOKUP_DELAY_MS = 400;

/**
 * "Were you invited?": for a user who joined recently without a referrer, enter a code (the
 * referrer is looked up as they type) or let the server suggest an active member. The smart
 * suggestion doubles as the eligibility check: `canApply: false` means the user cannot take a referrer.
 */
export function InvitedCard() {
  const session = useSession();
  const userId = session?.user.id ?? '';
  const isRecent = isWithinInviteWindow(session?.user.created_at);
  const probe = useSmartSuggestion(isRecent);
  const [isHidden, setIsHidden] = useState(() => isInviteDismissed(guardedLocalStorage, userId));

  // The user already has a referrer or joined too long ago. Kept, so a later refetch cannot bring it back.
  useEffect(() => {
    if (probe.data?.canApply === false) setIsHidden(true);
  }, [probe.data]);

  if (!isRecent || isHidden || !probe.isFetched) return null;
  return (
    <InvitedForm
      suggestion={probe}
      onApplied={() => setIsHidden(true)}
      onDismiss={() => {
        rememberInviteDismissed(guardedLocalStorage, userId);
        setIsHidden(true);
      }}
    />
  );
}

function InvitedForm({
  suggestion,
  onApplied,
  onDismiss,
}: {
  suggestion: UseQueryResult<SmartSuggestionResponse>;
  onApplied: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const translateReferralMessage = useTranslateReferralMessage();
  const [code, setCode] = useState('');
  const [applyError, setApplyError] = useState<string | null>(null);
  const settledCode = useDebouncedValue(code, LOOKUP_DELAY_MS);
  const lookup = useReferrerInfo(settledCode);

  const lookupState = codeLookupState({
    code,
    isSettled: settledCode === code,
    isFetching: lookup.isFetching,
    hasData: Boolean(lookup.data),
    isError: lookup.isError,
    errorStatus: isApiError(lookup.error) ? lookup.error.status : null,
  });

  const apply = useApplyReferral({
    onSuccess: (result) => {
      flashMessages.show(t('referrals.invited.applied', { bonus: result.bonus }));
      onApplied();
    },
    onError: (failure) => {
      const message = serverTextOf(failure);
      setApplyError(message ? translateReferralMessage(message) : t('referrals.errors.invalidCode'));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lookupState !== 'valid' || apply.isPending) return;
    setApplyError(null);
    apply.mutate({ referralCode: code, source: 'apply' });
  };

  return (
    <section className="zv-ref-card zv-invited" aria-labelledby="invited-title" data-testid="invited-card">
      <div className="zv-ref-card__head">
        <span className="zv-ref-card__icon">
          <ReferralIcon name="gift" size={20} />
        </span>
        <Text weight="2" Component="h2" id="invited-title" className="zv-ref-card__title">
          {t('referrals.invited.title')}
        </Text>
        <button type="button" className="zv-link-button" onClick={onDismiss}>
          {t('referrals.invited.dismiss')}
        </button>
      </div>
      <Caption level="1" className="zv-muted">
        {t('referrals.invited.body', { bonus: REFERRAL_BONUS_ZP })}
      </Caption>

      <form className="zv-invited__form" onSubmit={onSubmit} noValidate>
        <div className="zv-field zv-invited__field">
          <label className="zv-ref-label" htmlFor="invited-code-input">
            {t('referrals.invited.codeLabel')}
          </label>
          <Input
            id="invited-code-input"
            name="referralCode"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            placeholder={t('referrals.invited.codePlaceholder')}
            value={code}
            status={lookupState === 'invalid' || lookupState === 'error' ? 'error' : undefined}
            onChange={(event) => {
              setCode(cleanReferralCodeInput(event.target.value));
              setApplyError(null);
            }}
            data-testid="invited-code-input"
          />
        </div>
        <Button
          type="submit"
          size="m"
          disabled={lookupState !== 'valid'}
          loading={apply.isPending}
          data-testid="invited-apply"
        >
          {t('referrals.invited.apply')}
        </Button>
      </form>

      {lookupState !== 'idle' && (
        <div
          className="zv-invited__status"
          data-testid="invited-code-status"
          data-state={lookupState}
          aria-live="polite"
        >
          {lookupState === 'checking' && (
            <>
              <Spinner size="s" />
              <Caption level="1">{t('referrals.invited.checking')}</Caption>
            </>
          )}
          {lookupState === 'valid' && lookup.data && (
            <Caption level="1" className="zv-ref-ok">
              {t('referrals.invited.valid', { username: lookup.data.referrer.username })}
            </Caption>
          )}
          {lookupState === 'invalid' && (
            <Caption level="1" className="zv-ref-error">
              {t('referrals.errors.invalidCode')}
            </Caption>
          )}
          {lookupState === 'error' && (
            <Caption level="1" className="zv-ref-error">
              {t('referrals.errors.checkCode')}
            </Caption>
          )}
        </div>
      )}

      <CommunitySuggestion
        suggestion={suggestion}
        isApplying={apply.isPending}
        onSearch={() => setApplyError(null)}
        onUse={(referralCode) => apply.mutate({ referralCode, source: 'suggestion' })}
      />

      {applyError && (
        <Caption level="1" className="zv-ref-error" role="alert" data-testid="invited-apply-error">
          {applyError}
        </Caption>
      )}
    </section>
  );
}
