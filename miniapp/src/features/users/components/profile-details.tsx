import { Section, Textarea } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { BIO_MAX } from '@ziver/shared/core';
import { bioCounter } from '../utils/profile-form';

/** The Profile Details tab: the bio, read or edited with a counter out of 500 (docs/spec.md §5). */
export function ProfileDetails({
  bio,
  isEditing,
  value,
  error,
  onChange,
}: {
  bio: string | null;
  isEditing: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  if (!isEditing) {
    return (
      <Section header={t('profile.details.header')} className="zv-section" data-testid="profile-details">
        <div className="zv-profile-bio">
          <span className="zv-muted zv-profile-label">{t('profile.details.bio')}</span>
          <p className={bio ? 'zv-profile-bio__text' : 'zv-profile-bio__text zv-muted'} data-testid="profile-bio-value">
            {bio || t('profile.details.bioEmpty')}
          </p>
        </div>
      </Section>
    );
  }
  const counter = bioCounter(value);
  return (
    <Section header={t('profile.details.header')} className="zv-section" data-testid="profile-details">
      <div className="zv-field">
        <Textarea
          header={t('profile.details.bio')}
          aria-label={t('profile.details.bio')}
          name="bio"
          rows={5}
          // Typing stops at the limit; a longer paste is cut there too (docs/spec.md §2).
          maxLength={BIO_MAX}
          placeholder={t('profile.details.bioPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          status={error || counter.isOver ? 'error' : undefined}
          aria-invalid={error || counter.isOver ? true : undefined}
          data-testid="profile-bio-input"
        />
        <div className="zv-profile-counter-row">
          {error ? (
            <p className="zv-field__error" role="alert">
              {error}
            </p>
          ) : (
            <span />
          )}
          <span
            className={counter.isOver ? 'zv-profile-counter zv-profile-counter--over' : 'zv-profile-counter zv-muted'}
            data-testid="profile-bio-counter"
          >
            {t('profile.details.counter', { count: counter.count })}
          </span>
        </div>
      </div>
    </Section>
  );
}
