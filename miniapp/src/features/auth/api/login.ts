import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type LoginRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/login; `email` also accepts a username. */
export function login(input: LoginRequest): Promise<AuthResponse> {
  return api.post('/auth/login', input, { parse: (data) => authResponseSchema.parse(data) });
}

export function useLogin(options: Omit<UseMutationOptions<AuthResponse, Error, LoginRequest>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: login, ...options });
}
