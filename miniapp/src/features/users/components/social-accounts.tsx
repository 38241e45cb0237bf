import type { MouseEvent } from 'react';
import { Button, Cell, Input, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@ziver/shared';
import { openExternal } from '@/lib/telegram-links';
import { isDetectedTelegramUsername } from '@/lib/telegram-profile';
import { canUseDetected, handleOf, type ProfileFormErrors, type ProfileFormValues } from '../utils/profile-form';

type SocialField = 'telegram_username' | 'twitter_username' | 'linkedin_url';

/**
 * The Social Accounts tab (docs/spec.md §2): Telegram and Twitter as '@name' or 'Not connected', the
 * LinkedIn profile as a link opening in a new tab, and a prompt to use Edit Profile. In edit
 * mode, the Telegram field offers the username Telegram reports when the field is empty.
 */
export function SocialAccounts({
  user,
  isEditing,
  values,
  errors,
  detected,
  onChange,
}: {
  user: PublicUser;
  isEditing: boolean;
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  detected: string | null;
  onChange: (field: SocialField, value: string) => void;
}) {
  const { t } = useTranslation();
  const notConnected = <span className="zv-muted">{t('profile.social.notConnected')}</span>;

  if (!isEditing) {
    const onLinkedin = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!user.linkedin_url) return;
      // Inside Telegram the link opens in Telegram's browser; elsewhere in a new tab.
      if (openExternal(user.linkedin_url)) event.preventDefault();
    };
    return (
      <Section header={t('profile.social.header')} className="zv-section" data-testid="profile-social">
        <Cell subhead={t('profile.social.telegram')} data-testid="profile-telegram-value">
          {handleOf(user.telegram_username) ?? notConnected}
        </Cell>
        <Cell subhead={t('profile.social.twitter')} data-testid="profile-twitter-value">
          {handleOf(user.twitter_username) ?? notConnected}
        </Cell>
        <Cell subhead={t('profile.social.linkedin')} data-testid="profile-linkedin-value">
          {user.linkedin_url ? (
            <a
              href={user.linkedin_url}
              target="_blank"
              rel="noopener noreferrer"
              className="zv-link"
              data-testid="profile-linkedin-link"
              onClick={onLinkedin}
            >
              {t('profile.social.viewLinkedin')}
            </a>
          ) : (
            notConnected
          )}
        </Cell>
        <p className="zv-muted zv-profile-prompt" data-testid="profile-social-prompt">
          {t('profile.social.editPrompt')}
        </p>
      </Section>
    );
  }

  const telegram = values.telegram_username;
  const offerDetected = canUseDetected(telegram, detected);
  const isDetected = isDetectedTelegramUsername(telegram, detected);
  const field = (name: SocialField, label: string, placeholder: string, testId: string, type = 'text') => (
    <div className="zv-field">
      <Input
        header={label}
        aria-label={label}
        name={name}
        type={type}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={values[name]}
        onChange={(event) => onChange(name, event.target.value)}
        status={errors[name] ? 'error' : undefined}
        aria-invalid={errors[name] ? true : undefined}
        data-testid={testId}
      />
      {errors[name] && (
        <p className="zv-field__error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Section header={t('profile.social.header')} className="zv-section" data-testid="profile-social">
      {field(
        'telegram_username',
        t('profile.social.telegram'),
        t('profile.social.telegramPlaceholder'),
        'profile-telegram-input',
      )}
      {offerDetected && (
        <div className="zv-profile-detected">
          <span className="zv-muted">{t('profile.social.detectedHint', { username: detected })}</span>
          <Button
            type="button"
            size="s"
            mode="bezeled"
            onClick={() => onChange('telegram_username', detected)}
            data-testid="profile-use-detected"
          >
            {t('profile.social.useDetected')}
          </Button>
        </div>
      )}
      {isDetected && (
        <div className="zv-profile-detected">
          <span className="zv-profile-badge" data-testid="profile-detected-badge">
            {t('profile.social.detectedBadge')}
          </span>
        </div>
      )}
      {field(
        'twitter_username',
        t('profile.social.twitter'),
        t('profile.social.twitterPlaceholder'),
        'profile-twitter-input',
      )}
      {field(
        'linkedin_url',
        t('profile.social.linkedin'),
        t('profile.social.linkedinPlaceholder'),
        'profile-linkedin-input',
        'url',
      )}
    </Section>
  );
}
