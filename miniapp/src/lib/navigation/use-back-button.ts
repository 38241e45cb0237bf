import { useLayoutEffect, useRef } from 'react';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { backStack } from './back-stack';

/**
 * The seam for "back" on nested pages and modals. A page or an open modal registers its back
 * action here (the newest registration wins, so an open modal closes before its page goes
 * back). Inside Telegram, Telegram's BackButton shows and runs it, and `isNative` is true so
 * the page can hide its own back affordance; elsewhere the page keeps its own button and the
 * browser's back works as usual.
 */
export function useBackButton(
  onBack: () => void,
  { isEnabled = true }: { isEnabled?: boolean } = {},
): {
  isNative: boolean;
} {
  // Both in the commit, not in a passive effect that may run a frame later: a press right after
  // a modal opens or a page changes must find its action.
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  }, [onBack]);

  useLayoutEffect(() => {
    if (!isEnabled) return;
    return backStack.push(() => latest.current());
  }, [isEnabled]);

  const telegram = useActiveTelegram();
  return { isNative: telegram !== null && telegram.hasBackButton() };
}
