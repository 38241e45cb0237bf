import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { verifyEmailEndpoint } from '@/lib/endpoints/verify-email';
import type { ServerText } from '@/i18n/server-message';

/** POST /api/auth/verify-email: spends the mailed link's token; the account's address is verified. */
export function verifyEmail(input: VerifyEmailRequest): Promise<ServerText> {
  return call(verifyEmailEndpoint, { body: input });
}

export function useVerifyEmail(
  options: Omit<UseMutationOptions<ServerText, Error, VerifyEmailRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: verifyEmail, ...options });
}
