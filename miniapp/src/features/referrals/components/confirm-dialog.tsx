import type { ReactNode } from 'react';
import { Button, Modal, Text } from '@telegram-apps/telegram-ui';

/**
 * A bottom-sheet confirmation for a destructive step (remove a referral, disconnect Telegram);
 * the confirming button carries data-testid="confirm-yes".
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  isConfirming,
  error,
  onConfirm,
  onCancel,
  testId,
}: {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isConfirming: boolean;
  /** Why the last attempt failed, already translated. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isConfirming) onCancel();
      }}
      className="zv-ref-dialog"
      overlayComponent={<Modal.Overlay className="zv-ref-dialog-overlay" />}
      aria-label={title}
      data-testid={testId}
    >
      <div className="zv-ref-dialog__body" role="alertdialog" aria-label={title}>
        <Text weight="2" Component="h2" className="zv-ref-dialog__title">
          {title}
        </Text>
        <Text className="zv-ref-dialog__text">{children}</Text>
        {error && (
          <p className="zv-ref-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="zv-ref-dialog__actions">
          <Button type="button" size="l" mode="gray" stretched onClick={onCancel} disabled={isConfirming}>
            {cancelLabel}
          </Button>
          <Button
            type="button"
            size="l"
            stretched
            className="zv-ref-danger"
            loading={isConfirming}
            onClick={onConfirm}
            data-testid="confirm-yes"
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
