import { useEffect, useSyncExternalStore } from 'react';
import { closeOpenDialog, hasOpenDialog, subscribeToDialogs } from './open-dialog';

/** Where our entry is marked in history.state (other state, e.g. the router's, is kept beside it). */
const MARK = 'zvDialog';
let lastMark = 0;

const markOf = (state: unknown): unknown =>
  state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[MARK] : undefined;

/**
 * The browser's Back (and Android's back, which a mobile browser turns into history back) closes
 * an open modal or sheet before it leaves the page, as Telegram's BackButton does. Opening one
 * adds a history entry for the same URL (the router sees no change); Back pops it and the modal
 * closes. A modal closed another way (its button, Escape, the overlay, Telegram's BackButton)
 * takes its entry back out, so the next Back leaves the page as before. Mounted once, it covers
 * every modal without registering anything (open-dialog.ts finds them in the DOM).
 */
export function DialogHistory() {
  const isOpen = useSyncExternalStore(subscribeToDialogs, hasOpenDialog, () => false);

  useEffect(() => {
    if (!isOpen) return;
    const mark = ++lastMark;
    const base: object = history.state !== null && typeof history.state === 'object' ? history.state : {};
    history.pushState({ ...base, [MARK]: mark }, '', location.href);
    let isPopped = false;
    const onPopState = () => {
      if (markOf(history.state) === mark) return;
      isPopped = true;
      closeOpenDialog();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Closed another way while our entry is still the current one: take it out. After a
      // navigation (a link inside the modal) the current entry is another one: leave history be.
      if (!isPopped && markOf(history.state) === mark) history.back();
    };
  }, [isOpen]);

  return null;
}
