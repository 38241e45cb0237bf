import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { UploadAvatarResponse } from '@ziver/shared';
import { sessionStore } from '@/lib/session';
import { call } from '@/lib/call';
import { uploadAvatarEndpoint } from '@/lib/endpoints/upload-avatar';
import { profileUserQueryKey } from './get-profile-user';

/** POST /api/user/avatar as multipart field `avatar`, with upload progress. */
export function uploadAvatar(
  file: File,
  options: { onProgress?: (fraction: number) => void } = {},
): Promise<UploadAvatarResponse> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return call(uploadAvatarEndpoint, { body: form, onProgress: options.onProgress });
}

export function useUploadAvatar(
  options: Omit<UseMutationOptions<UploadAvatarResponse, Error, File>, 'mutationFn'> & {
    onProgress?: (fraction: number) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const { onProgress, ...mutationOptions } = options;
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, { onProgress }),
    ...mutationOptions,
    onSuccess: (response, ...rest) => {
      // The header and the profile menu read the user (and its avatar) from the session.
      sessionStore.updateUser(response.user);
      queryClient.setQueryData(profileUserQueryKey, response.user);
      mutationOptions.onSuccess?.(response, ...rest);
    },
  });
}
