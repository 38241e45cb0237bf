import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type RegisterRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/register (201 on success). */
export function register(input: RegisterRequest): Promise<AuthResponse> {
  return api.post('/auth/register', input, { parse: (data) => authResponseSchema.parse(data) });
}

export function useRegister(
  options: Omit<UseMutationOptions<AuthResponse, Error, RegisterRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: register, ...options });
}
