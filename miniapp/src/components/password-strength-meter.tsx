import { useTranslation } from 'react-i18next';
import { PASSWORD_SPECIAL_CHARACTERS } from '@ziver/shared/core';
import { strengthOf } from '@/lib/password-form';
import './password-strength-meter.css';

/**
 * The 5-point strength meter of docs/spec.md §5 with its label (Weak, Fair, Good, Strong, Very
 * Strong), and what the password still needs, naming the special characters the rule counts.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t, i18n } = useTranslation();
  const { score, level, missing } = strengthOf(password);
  const label = t(`settings.security.password.strength.${level}`);
  const needed = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    missing.map((criterion) =>
      t(`settings.security.password.criteria.${criterion}`, { characters: PASSWORD_SPECIAL_CHARACTERS }),
    ),
  );
  return (
    <>
      <Meter score={score} level={level} label={label} />
      {missing.length > 0 && (
        <p className="zv-strength__missing" data-testid="password-missing">
          {t('settings.security.password.stillNeeded', { items: needed })}
        </p>
      )}
    </>
  );
}

function Meter({ score, level, label }: { score: number; level: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="zv-strength" data-testid="password-strength" data-score={score} data-level={level}>
      <div
        className="zv-strength__bars"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={label}
        aria-label={t('settings.security.password.strengthLabel')}
      >
        {[1, 2, 3, 4, 5].map((point) => (
          <span
            key={point}
            className={point <= score ? `zv-strength__bar zv-strength__bar--${level}` : 'zv-strength__bar'}
          />
        ))}
      </div>
      <span className={`zv-strength__label zv-strength__label--${level}`}>{label}</span>
    </div>
  );
}
