import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { updateProfileResponseSchema, type UpdateProfileRequest, type UpdateProfileResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { profileUserQueryKey } from './get-profile-user';

/** PUT /api/user/profile: any of bio, telegram_username, twitter_username, linkedin_url ('' clears). */
export function updateProfile(input: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return api.put('/user/profile', input, { parse: (data) => updateProfileResponseSchema.parse(data) });
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
