import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { changeEmailEndpoint } from '@/lib/endpoints/change-email';
import { sessionStore } from '@/lib/session';
import { accountSettingsQueryKey } from './get-account-settings';

export type ChangeEmailResult = { message: string; email: string };

/** PUT /api/settings/account/email with the current password. */
export async function changeEmail(input: ChangeEmailRequest): Promise<ChangeEmailResult> {
  const response = await call(changeEmailEndpoint, { body: input });
  return { message: response.message, email: response.email };
}

export function useChangeEmail(
  options: Omit<UseMutationOptions<ChangeEmailResult, Error, ChangeEmailRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    ...options,
    onSuccess: (result, ...rest) => {
      // The header's profile menu shows the email from the stored session.
      const current = sessionStore.get();
      if (current) sessionStore.updateUser({ ...current.user, email: result.email });
      void queryClient.invalidateQueries({ queryKey: accountSettingsQueryKey });
      options.onSuccess?.(result, ...rest);
    },
  });
}
