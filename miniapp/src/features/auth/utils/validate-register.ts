import { MESSAGES } from '@ziver/shared/core';
import { emailSchema, referralCodeSchema, registerRequestSchema, usernameSchema } from '@ziver/shared';

export type RegisterFormValues = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export type RegisterFormErrors = Partial<Record<keyof RegisterFormValues, string>>;

const passwordSchema = registerRequestSchema.shape.password;

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * Client validation of the register form with the shared schemas, so the rules and the
 * messages are the server's (docs/spec.md §5). Returns one message per invalid field.
 */
export function validateRegisterForm(values: RegisterFormValues): RegisterFormErrors {
  const errors: RegisterFormErrors = {};
  const username = firstIssue(usernameSchema.safeParse(values.username));
  if (username) errors.username = username;
  if (!values.email.includes('@')) errors.email = MESSAGES.invalidEmail;
  else {
    const email = firstIssue(emailSchema.safeParse(values.email));
    if (email) errors.email = email;
  }
  const password = firstIssue(passwordSchema.safeParse(values.password));
  if (password) errors.password = password;
  if (values.password !== values.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** The referral code carried by the link: ?ref= first, then ?start; malformed codes are ignored. */
export function referralCodeFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = (params.get('ref') ?? params.get('start') ?? '').trim();
  if (code.length === 0) return null;
  return referralCodeSchema.safeParse(code).success ? code : null;
}
