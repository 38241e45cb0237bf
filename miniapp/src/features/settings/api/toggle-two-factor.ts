import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type SecuritySettings, type ToggleTwoFactorRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { toggleTwoFactorEndpoint } from '@/lib/endpoints/toggle-two-factor';
import { securitySettingsQueryKey } from './get-security-settings';

export type ToggleTwoFactorResult = {
  message: string;
  settings: SecuritySettings | null;
};

/** PUT /api/settings/security/two-factor: enable with a code; disable with a code or a backup code. */
export function toggleTwoFactor(input: ToggleTwoFactorRequest): Promise<ToggleTwoFactorResult> {
  return call(toggleTwoFactorEndpoint, { body: input }).then(({ message, settings }) => ({
    message: message ?? '',
    settings,
  }));
}

export function useToggleTwoFactor(
  options: Omit<UseMutationOptions<ToggleTwoFactorResult, Error, ToggleTwoFactorRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTwoFactor,
    ...options,
    onSuccess: (result, ...rest) => {
      if (result.settings) queryClient.setQueryData(securitySettingsQueryKey, result.settings);
      else void queryClient.invalidateQueries({ queryKey: securitySettingsQueryKey });
      options.onSuccess?.(result, ...rest);
    },
  });
}
