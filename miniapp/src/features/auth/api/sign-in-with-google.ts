import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AuthResponse, GoogleSignInRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { googleEndpoint } from '@/lib/endpoints/google';

/** POST /api/auth/google with the Google ID token; may answer with the 2FA challenge. */
export function signInWithGoogle(input: GoogleSignInRequest): Promise<AuthResponse> {
  return call(googleEndpoint, { body: input });
}

export function useSignInWithGoogle(
  options: Omit<UseMutationOptions<AuthResponse, Error, GoogleSignInRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: signInWithGoogle, ...options });
}
