import type { ServerText } from '@/i18n/server-message';
import { useCallback, useEffect, useState } from 'react';

export type TimedMessage = { tone: 'success' | 'error'; text: ServerText | string };

/** Appearance and notifications messages clear after 3 s, security and account after 5 s (docs/spec.md §4). */
export const MESSAGE_MS = { appearance: 3_000, notifications: 3_000, security: 5_000, account: 5_000 } as const;

/** A message that clears itself `durationMs` after it was shown. */
export function useTimedMessage(durationMs: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);
  const show = useCallback((tone: TimedMessage['tone'], text: ServerText | string) => setMessage({ tone, text }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}
