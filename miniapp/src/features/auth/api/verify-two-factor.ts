import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AuthResponse, VerifyTwoFactorRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { verifyTwoFactorEndpoint } from '@/lib/endpoints/verify-two-factor';

/** POST /api/auth/verify-2fa: the second sign-in step with the challenge and a TOTP or backup code. */
export function verifyTwoFactor(input: VerifyTwoFactorRequest): Promise<AuthResponse> {
  return call(verifyTwoFactorEndpoint, { body: input });
}

export function useVerifyTwoFactor(
  options: Omit<UseMutationOptions<AuthResponse, Error, VerifyTwoFactorRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: verifyTwoFactor, ...options });
}
