import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CONTRACT, type UploadAvatarResponse } from '@ziver/shared';
import { sessionStore } from '@/lib/session';
import { uploadForm } from '@/lib/upload';
import { profileUserQueryKey } from './get-profile-user';

/** POST /api/user/avatar as multipart field `avatar`, with upload progress. */
export function uploadAvatar(
  file: File,
  options: { onProgress?: (fraction: number) => void } = {},
): Promise<UploadAvatarResponse> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const { path, response } = CONTRACT.uploadAvatar;
  return uploadForm(path, form, {
    onProgress: options.onProgress,
    parse: (data) => response.parse(data),
  });
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
