import { useEffect, useRef } from 'react';

/**
 * The seam for "back" on nested pages. A page registers its back action here and renders its
 * own back affordance while `isNative` is false. The Telegram BackButton integration (a later
 * issue) plugs in here: inside Telegram it shows Telegram's button, calls `onBack` when it is
 * pressed, and answers `isNative: true` so the page hides its own.
 */
export function useBackButton(onBack: () => void): { isNative: boolean } {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  }, [onBack]);
  return { isNative: false };
}
