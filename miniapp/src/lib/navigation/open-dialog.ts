/**
 * The open modal or sheet, as the DOM shows it: telegram-ui's Modal (a Radix dialog under vaul)
 * while open, or any other dialog built the same way. Both "back" paths use this: Telegram's
 * BackButton and the browser's history (dialog-history.tsx), so every modal, present or future,
 * closes on back without registering anything.
 */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

export function findOpenDialog(): Element | null {
  const dialogs = document.querySelectorAll(OPEN_DIALOG);
  return dialogs.item(dialogs.length - 1);
}

export const hasOpenDialog = (): boolean => findOpenDialog() !== null;

/** Calls `onChange` whenever a dialog may have opened or closed (for useSyncExternalStore). */
export function subscribeToDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
  return () => observer.disconnect();
}

/** Closes the newest open dialog as Escape would, so each closes the way it closes itself. Returns whether one was open. */
export function closeOpenDialog(): boolean {
  const dialog = findOpenDialog();
  if (!dialog) return false;
  dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  return true;
}
