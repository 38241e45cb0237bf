import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  IDLE,
  linkTaskFlowReducer,
  savePendingLinkTask,
  takePendingLinkTask,
  type LinkTarget,
} from '../utils/link-task-flow';
import { getActiveTelegram } from '@/lib/platform/telegram-bridge';
import { openInsideTelegram } from '@/lib/telegram-links';
import { guardedSessionStorage } from '@/lib/storage/guarded-storage';

/** How often an open popup is checked for being closed. */
export const POPUP_POLL_MS = 500;

/** What the flow needs from the browser; tests pass their own. */
export type LinkTaskEnvironment = {
  /**
   * Inside Telegram: opens the link with Telegram's openLink and answers true. There is no
   * window handle then; coming back to the mini app (visibility, focus) means "ask".
   */
  openInTelegram?: (url: string) => boolean;
  /**
   * Inside Telegram: calls `listener` when Telegram shows the mini app again (its
   * `visibility_changed`), which is all a mobile client tells when the user closes the link.
   * Answers the unsubscribe.
   */
  onTelegramShown?: (listener: () => void) => () => void;
  openPopup: (url: string) => Window | null;
  openInThisTab: (url: string) => void;
  storage: Storage;
};

const browserEnvironment: LinkTaskEnvironment = {
  // A channel (t.me) opens inside Telegram; the flow re-checks when the user comes back.
  openInTelegram: openInsideTelegram,
  onTelegramShown: (listener) => getActiveTelegram()?.onActivated(listener) ?? (() => undefined),
  openPopup: (url) => {
    // Not 'noopener': that makes window.open return null, and the flow needs the handle to
    // notice the popup closing. The opener link is cut right after instead.
    const popup = window.open(url, '_blank');
    if (popup) {
      try {
        popup.opener = null;
      } catch {
        // Some browsers refuse; the popup is a page the task points to, opened by the user.
      }
    }
    return popup;
  },
  openInThisTab: (url) => window.location.assign(url),
  storage: guardedSessionStorage,
};

/**
 * Runs the link-task flow (see LinkTaskFlow) against the browser: the popup, noticing that it
 * closed or that the user came back, the same-tab fallback, and asking again after a reload.
 * `onAnswerYes` completes the task; the flow settles when its promise does.
 */
export function useLinkTaskFlow({
  onAnswerYes,
  onOpenError,
  environment = browserEnvironment,
}: {
  onAnswerYes: (task: LinkTarget) => Promise<unknown>;
  onOpenError: (task: LinkTarget) => void;
  environment?: LinkTaskEnvironment;
}) {
  const [flow, dispatch] = useReducer(linkTaskFlowReducer, IDLE);
  const popupRef = useRef<Window | null>(null);

  // A link opened in this tab earlier: ask about it now that the user is back.
  useEffect(() => {
    const pending = takePendingLinkTask(environment.storage);
    if (pending) dispatch({ type: 'resume', task: pending });
  }, [environment]);

  // While the popup is open: its closing, the user coming back to this tab, or Telegram showing
  // the mini app again, means "ask".
  useEffect(() => {
    if (flow.step !== 'opened') return;
    // The popup usually takes focus before these listeners exist.
    let hasLeft = document.visibilityState === 'hidden' || !document.hasFocus();
    const returned = () => dispatch({ type: 'returned' });
    const timer = window.setInterval(() => {
      if (popupRef.current?.closed) returned();
    }, POPUP_POLL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hasLeft = true;
      else if (hasLeft) returned();
    };
    const onBlur = () => {
      hasLeft = true;
    };
    const onFocus = () => {
      if (hasLeft) returned();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    const offTelegramShown = environment.onTelegramShown?.(returned);
    return () => {
      offTelegramShown?.();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [flow.step, environment]);

  const start = useCallback((task: LinkTarget) => dispatch({ type: 'start', task }), []);
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);
  const markReturned = useCallback(() => dispatch({ type: 'returned' }), []);

  /** Confirmed in the dialog: open the popup (a user gesture, so browsers allow it). */
  const openLink = useCallback(() => {
    if (flow.step !== 'confirm' && flow.step !== 'blocked') return;
    let popup: Window | null;
    try {
      if (environment.openInTelegram?.(flow.task.url)) {
        popupRef.current = null;
        dispatch({ type: 'popup_opened' });
        return;
      }
      popup = environment.openPopup(flow.task.url);
    } catch {
      dispatch({ type: 'cancel' });
      onOpenError(flow.task);
      return;
    }
    popupRef.current = popup;
    dispatch(popup ? { type: 'popup_opened' } : { type: 'popup_blocked' });
  }, [environment, flow, onOpenError]);

  /** Popup blocked: leave for the link in this tab, remembering to ask on return. */
  const openInThisTab = useCallback(() => {
    if (flow.step !== 'blocked') return;
    savePendingLinkTask(environment.storage, flow.task);
    try {
      environment.openInThisTab(flow.task.url);
    } catch {
      takePendingLinkTask(environment.storage);
      dispatch({ type: 'cancel' });
      onOpenError(flow.task);
    }
  }, [environment, flow, onOpenError]);

  const answer = useCallback(
    (hasCompleted: boolean) => {
      if (flow.step !== 'ask') return;
      dispatch({ type: 'answer', hasCompleted });
      if (!hasCompleted) return;
      void onAnswerYes(flow.task)
        .catch(() => undefined)
        .finally(() => dispatch({ type: 'settled' }));
    },
    [flow, onAnswerYes],
  );

  return { flow, start, cancel, openLink, openInThisTab, markReturned, answer };
}
