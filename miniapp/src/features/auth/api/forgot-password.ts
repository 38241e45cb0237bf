import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { forgotPasswordEndpoint } from '@/lib/endpoints/forgot-password';
import type { ServerText } from '@/i18n/server-message';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordRequest): Promise<ServerText> {
  return call(forgotPasswordEndpoint, { body: input });
}

export function useForgotPassword(
  options: Omit<UseMutationOptions<ServerText, Error, ForgotPasswordRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: forgotPassword, ...options });
}
