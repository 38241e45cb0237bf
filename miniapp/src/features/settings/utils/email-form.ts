import { MESSAGES, SETTINGS_MESSAGES } from '@ziver/shared/core';
import { emailSchema } from '@ziver/shared';

export type EmailFormValues = { newEmail: string; currentPassword: string };
export type EmailFormErrors = Partial<Record<keyof EmailFormValues, string>>;

function isSameEmail(newEmail: string, currentEmail: string | null): boolean {
  return currentEmail !== null && newEmail.trim().toLowerCase() === currentEmail.trim().toLowerCase();
}

/**
 * The change-email rules of docs/spec.md §5: a valid address ('Please enter a valid email address'),
 * different from the current one ('New email must be different from current email'), and the
 * current password.
 */
export function validateEmailForm(values: EmailFormValues, currentEmail: string | null): EmailFormErrors {
  const errors: EmailFormErrors = {};
  if (!emailSchema.safeParse(values.newEmail).success) errors.newEmail = MESSAGES.invalidEmail;
  else if (isSameEmail(values.newEmail, currentEmail)) errors.newEmail = MESSAGES.emailMustDiffer;
  if (!values.currentPassword) errors.currentPassword = SETTINGS_MESSAGES.currentPasswordRequired;
  return errors;
}

/** The button is disabled while a field is blank or the new email is the current one. */
export function canSubmitEmailForm(values: EmailFormValues, currentEmail: string | null): boolean {
  return (
    values.newEmail.trim().length > 0 &&
    values.currentPassword.length > 0 &&
    !isSameEmail(values.newEmail, currentEmail)
  );
}
