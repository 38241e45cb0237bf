import type { ReactNode } from 'react';
import { Button, Modal, Text } from '@telegram-apps/telegram-ui';

/**
 * A small bottom-sheet dialog with a question and up to two actions; the confirming one carries
 * data-testid="confirm-yes" for the browser tests.
 */
export function TaskDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isConfirming = false,
  extra,
  testId,
}: {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isConfirming?: boolean;
  /** Anything between the text and the actions (e.g. a copy-link button). */
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      className="zv-task-dialog"
      overlayComponent={<Modal.Overlay className="zv-task-dialog-overlay" />}
      aria-label={title}
      data-testid={testId}
    >
      <div className="zv-task-dialog__body" role="alertdialog" aria-label={title}>
        <Text weight="2" Component="h2" className="zv-task-dialog__title">
          {title}
        </Text>
        <Text className="zv-task-dialog__text">{children}</Text>
        {extra}
        <div className="zv-task-dialog__actions">
          <Button type="button" size="l" mode="gray" stretched onClick={onCancel} data-testid="confirm-no">
            {cancelLabel}
          </Button>
          <Button type="button" size="l" stretched loading={isConfirming} onClick={onConfirm} data-testid="confirm-yes">
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
