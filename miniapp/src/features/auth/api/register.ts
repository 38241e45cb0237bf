import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AuthResponse, RegisterRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { registerEndpoint } from '@/lib/endpoints/register';

/** POST /api/auth/register (201 on success). */
export function register(input: RegisterRequest): Promise<AuthResponse> {
  return call(registerEndpoint, { body: input });
}

export function useRegister(
  options: Omit<UseMutationOptions<AuthResponse, Error, RegisterRequest>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: register, ...options });
}
