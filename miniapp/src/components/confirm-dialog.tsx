import type { ReactNode } from 'react';
import { Button, Modal, Text } from '@telegram-apps/telegram-ui';
import './confirm-dialog.css';

/**
 * A bottom-sheet confirmation that says what is about to happen (remove a referral, disconnect
 * Telegram, an operator's reward, adjustment, role change or suspension). Nothing happens until
 * the confirming button, which carries data-testid="confirm-yes"; Cancel, the overlay, Escape and
 * a downward drag only close it.
 *
 * The sheet is mounted only while open, a fresh one each time: the drawer underneath (vaul) closes
 * on a 300 ms timer and then reports "closed" once more, which reached whatever dialog the page
 * had opened meanwhile and cancelled it, leaving its half-closed sheet and overlay in the way of
 * the next tap. Unmounted, a sheet that was closed has no timer and nothing left to report.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  fields,
  confirmLabel,
  cancelLabel,
  isConfirming,
  isConfirmDisabled = false,
  tone = 'danger',
  error,
  onConfirm,
  onCancel,
  testId,
}: {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  /** Inputs the step needs (a suspension's reason), under the text. */
  fields?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isConfirming: boolean;
  isConfirmDisabled?: boolean;
  /** `danger` paints the confirming button red (something is taken away or ended). */
  tone?: 'danger' | 'default';
  /** Why the last attempt failed, already translated. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  if (!isOpen) return null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !isConfirming) onCancel();
      }}
      className="zv-confirm"
      overlayComponent={<Modal.Overlay className="zv-confirm-overlay" />}
      aria-label={title}
      data-testid={testId}
    >
      <div className="zv-confirm__body" role="alertdialog" aria-label={title}>
        <Text weight="2" Component="h2" className="zv-confirm__title">
          {title}
        </Text>
        <Text className="zv-confirm__text">{children}</Text>
        {fields}
        {error && (
          <p className="zv-confirm__error" role="alert">
            {error}
          </p>
        )}
        <div className="zv-confirm__actions">
          <Button
            type="button"
            size="l"
            mode="gray"
            stretched
            onClick={onCancel}
            disabled={isConfirming}
            data-testid="confirm-no"
          >
            {cancelLabel}
          </Button>
          <Button
            type="button"
            size="l"
            stretched
            className={tone === 'danger' ? 'zv-confirm__danger' : undefined}
            loading={isConfirming}
            disabled={isConfirmDisabled}
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
