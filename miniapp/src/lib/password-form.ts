import { MESSAGES, passwordStrength, SETTINGS_MESSAGES, type PasswordCriterion } from '@ziver/shared/core';
import { newPasswordSchema } from '@ziver/shared';

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

/**
 * The change-password rules of docs/spec.md §5: all three fields required (the current one only when
 * the account has a password), at least 8 characters with lower, upper, digit and one of
 * @$!%*?& ('Password must include uppercase, lowercase, number, and special character'), and
 * a matching confirmation ('Passwords do not match').
 */
export function validatePasswordForm(
  values: PasswordFormValues,
  { hasPassword }: { hasPassword: boolean },
): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (hasPassword && !values.currentPassword) errors.currentPassword = SETTINGS_MESSAGES.currentPasswordRequired;
  const rule = newPasswordSchema.safeParse(values.newPassword);
  if (!rule.success) errors.newPassword = rule.error.issues[0]?.message ?? MESSAGES.passwordComplexity;
  if (!values.confirmPassword || values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  }
  return errors;
}

/** Submit stays disabled until every required field holds something. */
export function isPasswordFormFilled(values: PasswordFormValues, { hasPassword }: { hasPassword: boolean }): boolean {
  return (
    (!hasPassword || values.currentPassword.length > 0) &&
    values.newPassword.length > 0 &&
    values.confirmPassword.length > 0
  );
}

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong' | 'veryStrong';

/**
 * The 5-point meter (length>=8, lower, upper, digit, special): Weak, Fair, Good, Strong, Very Strong,
 * and the points still missing (the change-password rule needs all five).
 */
export function strengthOf(password: string): { score: number; level: StrengthLevel; missing: PasswordCriterion[] } {
  const { score, missing } = passwordStrength(password);
  const levels: StrengthLevel[] = ['weak', 'weak', 'fair', 'good', 'strong', 'veryStrong'];
  return { score, level: levels[score] ?? 'weak', missing };
}
