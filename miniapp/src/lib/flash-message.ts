import { useSyncExternalStore } from 'react';

/** A short message shown once on the next screen (e.g. "Welcome back, amina!" after a sign-in). */
export type FlashMessage = { id: number; text: string; tone: 'success' | 'info' | 'error' };

/** Notifications vanish after 3 s (docs/spec.md §4 Messages). */
export const FLASH_MESSAGE_MS = 3_000;

type Listener = () => void;

function createFlashStore() {
  const listeners = new Set<Listener>();
  let current: FlashMessage | null = null;
  let nextId = 1;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    /** Shows `text` (already translated); a newer message replaces an older one. */
    show(text: string, tone: FlashMessage['tone'] = 'success') {
      current = { id: nextId++, text, tone };
      notify();
    },
    dismiss(id: number) {
      if (current?.id !== id) return;
      current = null;
      notify();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const flashMessages = createFlashStore();

export function useFlashMessage(): FlashMessage | null {
  return useSyncExternalStore(flashMessages.subscribe, flashMessages.get, flashMessages.get);
}
