import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type VerifyTwoFactorRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-2fa: the second sign-in step with the challenge and a TOTP or backup code. */
export function verifyTwoFactor(input: VerifyTwoFactorRequest): Promise<AuthResponse> {
  return api.post('/auth/verify-2fa', input, { parse: (data) => authResponseSchema.parse(data) });
}

export function useVerifyTwoFactor(
  options: Omit<UseMutationOptions<AuthResponse, Error, VerifyTwoFactorRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: verifyTwoFactor, ...options });
}
