import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { TwoFactorSetupResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { twoFactorSetupEndpoint } from '@/lib/endpoints/two-factor-setup';

/**
 * GET /api/settings/security/two-factor/setup: a new pending secret (QR code, manual code) and
 * 10 backup codes. It has effects on the server, so it runs once per setup, on request, as a
 * mutation: never cached, never refetched in the background.
 */
export function getTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return call(twoFactorSetupEndpoint);
}

export function useTwoFactorSetup(
  options: Omit<UseMutationOptions<TwoFactorSetupResponse, Error, void>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: getTwoFactorSetup, ...options });
}
