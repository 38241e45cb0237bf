import type { ServerText } from '@/i18n/server-message';
import { useEffect, useRef, useState } from 'react';
import { Avatar, Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_TYPES, AVATAR_MESSAGES, type PublicUser } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { flashMessages } from '@/lib/flash-message';
import { useUploadAvatar } from '../api/upload-avatar';
import { useTranslateProfileMessage } from '../hooks/use-translate-profile-message';
import { avatarErrorMessage, avatarProblem } from '../utils/avatar-file';
import { formatPercent } from '@/lib/format';
import { listText, useServerText } from '@/i18n/server-text';

/**
 * The profile avatar with "Change photo": a picked image is checked (an image by its bytes,
 * under 1 MB), previewed, then uploaded with progress; the header follows through the session.
 */
export function AvatarUpload({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const translateProfile = useTranslateProfileMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // A refused file stays on the page until the next pick; an upload done is a passing flash message.
  const [failure, setFailure] = useState<ServerText | string | null>(null);

  useEffect(() => {
    if (!picked) return setPreview(null);
    const url = URL.createObjectURL(picked);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picked]);

  const upload = useUploadAvatar({
    onProgress: setProgress,
    onSuccess: (response) => {
      setPicked(null);
      flashMessages.show(translate(response.message ? response : AVATAR_MESSAGES.uploaded));
    },
    onError: (error) => setFailure(avatarErrorMessage(error)),
    onSettled: () => setProgress(null),
  });

  const translate = (text: ServerText | string) => translateProfile(text);

  const onPick = async (file: File) => {
    setFailure(null);
    const problem = await avatarProblem(file);
    if (problem) {
      setPicked(null);
      setFailure(problem);
      return;
    }
    setPicked(file);
  };

  const initial = user.username.charAt(0).toUpperCase();
  const src = preview ?? user.avatar_url ?? undefined;
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="zv-avatar-upload" data-testid="avatar-upload">
      <Avatar size={96} src={src} acronym={src ? undefined : initial} alt="" data-testid="avatar-preview" />
      <div className="zv-avatar-upload__actions">
        <input
          ref={inputRef}
          type="file"
          accept={ATTACHMENT_TYPES.join(',')}
          hidden
          data-testid="avatar-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void onPick(file);
          }}
        />
        {picked ? (
          <div className="zv-avatar-upload__buttons">
            <Button
              type="button"
              size="s"
              loading={upload.isPending}
              disabled={upload.isPending}
              onClick={() => upload.mutate(picked)}
              data-testid="avatar-save"
            >
              {t('profile.avatar.upload')}
            </Button>
            <Button
              type="button"
              size="s"
              mode="plain"
              disabled={upload.isPending}
              onClick={() => setPicked(null)}
              data-testid="avatar-cancel"
            >
              {t('profile.avatar.cancel')}
            </Button>
          </div>
        ) : (
          <Button
            type="button"
            size="s"
            mode="bezeled"
            onClick={() => inputRef.current?.click()}
            data-testid="avatar-change"
          >
            {t('profile.avatar.change')}
          </Button>
        )}
        {percent !== null && (
          <progress
            className="zv-avatar-upload__progress"
            max={100}
            value={percent}
            aria-label={t('profile.avatar.uploading', { percent: formatPercent(percent / 100, i18n.language) })}
            data-testid="avatar-progress"
          />
        )}
      </div>
      {failure && (
        <div className="zv-avatar-upload__message">
          <Notice
            tone="error"
            title={serverText(listText('avatar', AVATAR_MESSAGES, 'uploadFailed'))}
            testId="avatar-message"
          >
            {translate(failure)}
          </Notice>
        </div>
      )}
    </div>
  );
}
