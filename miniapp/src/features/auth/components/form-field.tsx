import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  error?: string;
};

/** A labelled input with its validation message underneath. */
export const FormField = forwardRef<HTMLInputElement, FieldProps & { after?: React.ReactNode }>(function FormField(
  { label, error, after, ...inputProps },
  ref,
) {
  const errorId = useId();
  return (
    <div className="zv-field">
      <Input
        ref={ref}
        header={label}
        aria-label={label}
        // Not 'default' when fine: a set status pins telegram-ui's ring to it, and focus would not show.
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        after={after}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="zv-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="zv-icon-toggle"
      onClick={() => setIsVisible((visible) => !visible)}
      aria-label={isVisible ? t('auth.hidePassword') : t('auth.showPassword')}
      aria-pressed={isVisible}
    >
      <Icon name={isVisible ? 'eye-off' : 'eye'} size={20} />
    </button>
  );
  return <FormField {...props} type={isVisible ? 'text' : 'password'} after={toggle} />;
}
