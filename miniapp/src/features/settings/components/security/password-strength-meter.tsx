import { useTranslation } from 'react-i18next';
import { strengthOf } from '../../utils/password-form';

/** The 5-point strength meter of docs/spec.md §5 with its label (Weak, Fair, Good, Strong, Very Strong). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const { score, level } = strengthOf(password);
  const label = t(`settings.security.password.strength.${level}`);
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
