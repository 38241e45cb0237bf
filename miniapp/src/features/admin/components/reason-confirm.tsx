import { Textarea } from '@telegram-apps/telegram-ui';
import { INTEGRITY_REASON_MAX } from '@ziver/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAdminTranslation } from '../i18n';

/**
 * The integrity actions' confirmation: says what will happen and takes the reason (required,
 * kept in the audit log); nothing is sent before the operator confirms.
 */
export function ReasonConfirm({
  isOpen,
  title,
  text,
  confirmLabel,
  tone,
  isConfirming,
  reason,
  onReason,
  onConfirm,
  onCancel,
  testId,
}: {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  tone: 'default' | 'danger';
  isConfirming: boolean;
  reason: string;
  onReason: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useAdminTranslation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('confirm.cancel')}
      tone={tone}
      isConfirming={isConfirming}
      isConfirmDisabled={reason.trim() === ''}
      error={null}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId={`${testId}-confirm`}
      fields={
        <Textarea
          header={t('integrity.confirm.reason')}
          aria-label={t('integrity.confirm.reason')}
          placeholder={t('integrity.confirm.reasonHint')}
          maxLength={INTEGRITY_REASON_MAX}
          rows={3}
          value={reason}
          onChange={(event) => onReason(event.target.value)}
          data-testid={`${testId}-reason`}
        />
      }
    >
      <span data-testid={`${testId}-confirm-text`}>{text}</span>
    </ConfirmDialog>
  );
}
