import { useId } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import type { CodeMode } from '../../utils/two-factor-code';
import { normaliseCode } from '../../utils/two-factor-code';

/** A verification code or backup code input with its validation message. */
export function CodeField({
  mode,
  label,
  value,
  onChange,
  error,
}: {
  mode: CodeMode;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const errorId = useId();
  const isTotp = mode === 'totp';
  return (
    <div className="zv-field">
      <Input
        header={label}
        aria-label={label}
        name={isTotp ? 'verificationCode' : 'backupCode'}
        inputMode={isTotp ? 'numeric' : 'text'}
        autoComplete={isTotp ? 'one-time-code' : 'off'}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={isTotp ? 6 : 14}
        placeholder={isTotp ? '123456' : 'XXXX-XXXX-XXXX'}
        className="zv-code-input"
        value={value}
        // Not 'default' when fine: a set status pins telegram-ui's ring to it, and focus would not show.
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(normaliseCode(mode, event.target.value))}
      />
      {error && (
        <p id={errorId} className="zv-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
