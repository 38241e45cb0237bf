import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { resetPasswordEndpoint } from '@/lib/endpoints/reset-password';
import type { ServerText } from '@/i18n/server-message';

/** POST /api/auth/reset-password: a new password with the mailed link (and a 2FA code when on). */
export function resetPassword(input: ResetPasswordRequest): Promise<ServerText> {
  return call(resetPasswordEndpoint, { body: input });
}

export function useResetPassword(
  options: Omit<UseMutationOptions<ServerText, Error, ResetPasswordRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: resetPassword, ...options });
}
