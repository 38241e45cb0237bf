import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { securitySettingsSchema, type SecuritySettings, type ToggleTwoFactorRequest } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { securitySettingsQueryKey } from './get-security-settings';

export type ToggleTwoFactorResult = {
  message: string;
  settings: SecuritySettings | null;
  /** Some servers send the backup codes again when 2FA is enabled. */
  backupCodes: string[] | null;
};

function parseResult(data: unknown): ToggleTwoFactorResult {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const settings = securitySettingsSchema.safeParse(body.settings);
  const codes = Array.isArray(body.backupCodes) ? body.backupCodes.filter((code) => typeof code === 'string') : null;
  return {
    message: typeof body.message === 'string' ? body.message : '',
    settings: settings.success ? settings.data : null,
    backupCodes: codes && codes.length > 0 ? codes : null,
  };
}

/** PUT /api/settings/security/two-factor: enable with a code; disable with a code or a backup code. */
export function toggleTwoFactor(input: ToggleTwoFactorRequest): Promise<ToggleTwoFactorResult> {
  return api.put('/settings/security/two-factor', input, { parse: parseResult });
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
