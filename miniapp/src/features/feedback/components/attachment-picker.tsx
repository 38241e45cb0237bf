import { useEffect, useMemo, useRef } from 'react';
import { Button, Caption } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_TYPES, FEEDBACK_MAX_ATTACHMENTS } from '@ziver/shared';
import { Icon } from '@/components/icons';

/** Picked images as thumbnails with a remove button, and the "Add images" button. */
export function AttachmentPicker({
  files,
  disabled,
  onPick,
  onRemove,
}: {
  files: readonly File[];
  disabled: boolean;
  onPick: (picked: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <div className="zv-feedback-files">
      <div className="zv-feedback-files__head">
        <span>{t('feedback.form.attachmentsLabel')}</span>
        <Caption level="1" className="zv-muted">
          {t('feedback.form.attachmentsHint')}
        </Caption>
      </div>
      {files.length > 0 && (
        <ul className="zv-feedback-files__list" data-testid="feedback-attachments">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="zv-feedback-files__item">
              <img src={previews[index]} alt={file.name} />
              <button
                type="button"
                className="zv-feedback-files__remove"
                aria-label={t('feedback.form.remove', { file: file.name })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        multiple
        hidden
        data-testid="feedback-file-input"
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (picked.length > 0) onPick(picked);
        }}
      />
      <Button
        type="button"
        mode="bezeled"
        size="s"
        disabled={disabled || files.length >= FEEDBACK_MAX_ATTACHMENTS}
        onClick={() => inputRef.current?.click()}
        data-testid="feedback-add-images"
      >
        {t('feedback.form.addImages')}
      </Button>
    </div>
  );
}
