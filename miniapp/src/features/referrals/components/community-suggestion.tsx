import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { SmartSuggestionResponse } from '@ziver/shared';
import { ReferralIcon } from './referral-icons';

/**
 * "Find my community": asks the server for an active member to join (smart suggestion) and
 * offers to take them as referrer; 'Unable to find community match at this time' otherwise.
 */
export function CommunitySuggestion({
  suggestion,
  isApplying,
  onSearch,
  onUse,
}: {
  suggestion: UseQueryResult<SmartSuggestionResponse>;
  isApplying: boolean;
  onSearch: () => void;
  onUse: (referralCode: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  const answer = isShown && !suggestion.isFetching ? suggestion.data : undefined;
  const referrer = answer?.referrer ?? null;
  // No match is an ordinary answer (referrer null), shown like a failed search.
  const isNoMatch = (answer && !referrer) || (isShown && !suggestion.isFetching && suggestion.isError);
  // The server explains its pick in English; other languages get a translated summary.
  const reason = !referrer
    ? null
    : (i18n.resolvedLanguage ?? i18n.language) === 'en'
      ? answer?.reason
      : t('referrals.invited.suggestionReason', { username: referrer.username });

  return (
    <>
      <div className="zv-invited__community">
        <Caption level="1" className="zv-muted">
          {t('referrals.invited.orCommunity')}
        </Caption>
        <Button
          size="s"
          mode="bezeled"
          before={<ReferralIcon name="search" size={16} />}
          loading={isShown && suggestion.isFetching}
          onClick={() => {
            setIsShown(true);
            onSearch();
            void suggestion.refetch();
          }}
          data-testid="invited-find-community"
        >
          {t('referrals.invited.findCommunity')}
        </Button>
      </div>

      {isNoMatch && (
        <Caption level="1" className="zv-ref-error" role="alert" data-testid="invited-suggestion-error">
          {t('referrals.errors.suggestion')}
        </Caption>
      )}
      {referrer && (
        <div className="zv-invited__suggestion" data-testid="invited-suggestion">
          <div className="zv-ref-card__text">
            <Text weight="2">{t('referrals.invited.suggestion', { username: referrer.username })}</Text>
            {reason && (
              <Caption level="1" className="zv-muted">
                {reason}
              </Caption>
            )}
          </div>
          <Button
            size="s"
            loading={isApplying}
            onClick={() => onUse(referrer.referral_code)}
            data-testid="invited-use-suggestion"
          >
            {t('referrals.invited.useSuggestion', { username: referrer.username })}
          </Button>
        </div>
      )}
    </>
  );
}
