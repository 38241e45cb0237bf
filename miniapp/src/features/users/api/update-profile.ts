import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { updateProfileEndpoint } from '@/lib/endpoints/update-profile';
import { sessionStore } from '@/lib/session';
import { profileUserQueryKey } from './get-profile-user';

/** PUT /api/user/profile: any of bio, telegram_username, twitter_username, linkedin_url ('' clears). */
export function updateProfile(input: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return call(updateProfileEndpoint, { body: input });
}

export function useUpdateProfile(
  options: Omit<UseMutationOptions<UpdateProfileResponse, Error, UpdateProfileRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    ...options,
    onSuccess: (response, ...rest) => {
      // The header, the profile page and the rest of the app read the user from the session.
      sessionStore.updateUser(response.user);
      queryClient.setQueryData(profileUserQueryKey, response.user);
      options.onSuccess?.(response, ...rest);
    },
  });
}
