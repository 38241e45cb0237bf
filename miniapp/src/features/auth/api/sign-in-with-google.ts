import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type GoogleSignInRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/google with the Google ID token; may answer with the 2FA challenge. */
export function signInWithGoogle(input: GoogleSignInRequest): Promise<AuthResponse> {
  return api.post('/auth/google', input, { parse: (data) => authResponseSchema.parse(data) });
}

export function useSignInWithGoogle(
  options: Omit<UseMutationOptions<AuthResponse, Error, GoogleSignInRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: signInWithGoogle, ...options });
}
