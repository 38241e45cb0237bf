import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { securitySettingsSchema, type ChangePasswordRequest, type SecuritySettings } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { securitySettingsQueryKey } from './get-security-settings';

export type ChangePasswordResult = { message: string; settings: SecuritySettings | null };

function parseResult(data: unknown): ChangePasswordResult {
  const body = (typeof data === 'object' && data !== null ? data : {}) as { message?: unknown; settings?: unknown };
  const settings = securitySettingsSchema.safeParse(body.settings);
  return {
    message: typeof body.message === 'string' ? body.message : '',
    settings: settings.success ? settings.data : null,
  };
}

/** PUT /api/settings/security/password; the server signs out every other session. */
export function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordResult> {
  return api.put('/settings/security/password', input, { parse: parseResult });
}

export function useChangePassword(
  options: Omit<UseMutationOptions<ChangePasswordResult, Error, ChangePasswordRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    ...options,
    onSuccess: (result, ...rest) => {
      if (result.settings) queryClient.setQueryData(securitySettingsQueryKey, result.settings);
      else void queryClient.invalidateQueries({ queryKey: securitySettingsQueryKey });
      options.onSuccess?.(result, ...rest);
    },
  });
}
