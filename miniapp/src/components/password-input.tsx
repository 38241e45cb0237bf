import { useId, useState } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';

/** A labelled password input with a show/hide toggle and its validation message. */
export function PasswordInput({
  label,
  name,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="zv-field">
      <Input
        header={label}
        aria-label={label}
        type={isVisible ? 'text' : 'password'}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        after={
          <button
            type="button"
            className="zv-icon-toggle"
            onClick={() => setIsVisible((visible) => !visible)}
            aria-label={isVisible ? t('settings.common.hidePassword') : t('settings.common.showPassword')}
            aria-pressed={isVisible}
          >
            <Icon name={isVisible ? 'eye-off' : 'eye'} size={20} />
          </button>
        }
      />
      {error && (
        <p id={errorId} className="zv-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
