import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared/core';
import { useServerMessage } from '@/i18n/server-message';
import type { LinkTaskFlow } from '../utils/link-task-flow';
import { TaskDialog } from './task-dialog';
import { copyText } from '@/lib/clipboard';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The one dialog of the link-task flow; it stays open from step to step: confirm, waiting for
 * the popup, popup blocked (open here or copy the link), and "did you complete it?".
 */
export function LinkTaskDialog({
  flow,
  onOpenLink,
  onOpenInThisTab,
  onReturned,
  onAnswer,
  onCancel,
}: {
  flow: LinkTaskFlow;
  onOpenLink: () => void;
  onOpenInThisTab: () => void;
  onReturned: () => void;
  onAnswer: (hasCompleted: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useServerMessage();
  const [copyResult, setCopyResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => setCopyResult(null), [flow.step]);

  if (flow.step === 'idle') return null;
  const { title, url } = flow.task;
  const onCopy = async () => setCopyResult((await copyText(url)) ? 'copied' : 'failed');

  const view =
    flow.step === 'confirm'
      ? {
          title: t('tasks.link.confirmTitle'),
          body: t('tasks.link.confirmBody', { title, host: hostOf(url) }),
          confirmLabel: t('tasks.link.confirmYes'),
          cancelLabel: t('tasks.link.cancel'),
          onConfirm: onOpenLink,
          onCancel,
        }
      : flow.step === 'opened'
        ? {
            title: t('tasks.link.openedTitle'),
            body: t('tasks.link.openedBody', { title }),
            confirmLabel: t('tasks.link.openedDone'),
            cancelLabel: t('tasks.link.cancel'),
            onConfirm: onReturned,
            onCancel,
          }
        : flow.step === 'blocked'
          ? {
              title: t('tasks.link.blockedTitle'),
              body: t('tasks.link.blockedBody'),
              confirmLabel: t('tasks.link.blockedSameTab'),
              cancelLabel: t('tasks.link.cancel'),
              onConfirm: onOpenInThisTab,
              onCancel,
            }
          : {
              title: t('tasks.link.askTitle'),
              body: t('tasks.link.askBody', { title }),
              confirmLabel: t('tasks.link.askYes'),
              cancelLabel: t('tasks.link.askNo'),
              onConfirm: () => onAnswer(true),
              onCancel: () => onAnswer(false),
            };

  return (
    <TaskDialog
      isOpen
      testId={`link-task-${flow.step === 'completing' ? 'ask' : flow.step}`}
      title={view.title}
      confirmLabel={view.confirmLabel}
      cancelLabel={view.cancelLabel}
      onConfirm={view.onConfirm}
      onCancel={view.onCancel}
      isConfirming={flow.step === 'completing'}
      extra={
        flow.step === 'blocked' ? (
          <div className="zv-task-dialog__copy">
            <button type="button" className="zv-link-button" onClick={() => void onCopy()} data-testid="task-copy-link">
              {t('tasks.link.copyLink')}
            </button>
            {copyResult && (
              <span className={copyResult === 'copied' ? 'zv-task-dialog__ok' : 'zv-task-dialog__error'} role="status">
                {copyResult === 'copied' ? translateMessage(MESSAGES.copiedToClipboard) : t('tasks.errors.copyLink')}
              </span>
            )}
          </div>
        ) : null
      }
    >
      {view.body}
    </TaskDialog>
  );
}
