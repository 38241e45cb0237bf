import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type ChangePasswordRequest, type SecuritySettings } from '@ziver/shared';
import { call } from '@/lib/call';
import { changePasswordEndpoint } from '@/lib/endpoints/change-password';
import { securitySettingsQueryKey } from './get-security-settings';

export type ChangePasswordResult = { message: string; settings: SecuritySettings | null };

/** PUT /api/settings/security/password; the server signs out every other session. */
export function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordResult> {
  return call(changePasswordEndpoint, { body: input }).then(({ message, settings }) => ({
    message: message ?? '',
    settings,
  }));
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
