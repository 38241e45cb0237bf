import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { resendVerificationEmailEndpoint } from '@/lib/endpoints/resend-verification-email';
import type { ServerText } from '@/i18n/server-message';

/** POST /api/auth/verify-email/resend: a new verification link to the account's address. */
export function resendVerificationEmail(): Promise<ServerText> {
  return call(resendVerificationEmailEndpoint);
}

export function useResendVerificationEmail(
  options: Omit<UseMutationOptions<ServerText, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: resendVerificationEmail, ...options });
}
