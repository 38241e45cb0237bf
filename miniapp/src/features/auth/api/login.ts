import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { loginEndpoint } from '@/lib/endpoints/login';

/** POST /api/auth/login; `email` also accepts a username. */
export function login(input: LoginRequest): Promise<AuthResponse> {
  return call(loginEndpoint, { body: input });
}

export function useLogin(options: Omit<UseMutationOptions<AuthResponse, Error, LoginRequest>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: login, ...options });
}
