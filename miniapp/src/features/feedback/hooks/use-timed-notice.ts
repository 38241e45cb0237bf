import type { ServerText } from '@/i18n/server-message';
import { useCallback, useEffect, useState } from 'react';

export type TimedNotice = { tone: 'success' | 'error'; text: ServerText | string };

/** The feedback success message clears 5 s after it was shown (docs/spec.md §4 "Messages"). */
export const FEEDBACK_MESSAGE_MS = 5_000;

/** A notice that clears itself `durationMs` after it was shown; errors stay until replaced. */
export function useTimedNotice(durationMs: number) {
  const [notice, setNotice] = useState<TimedNotice | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(() => setNotice(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [notice, durationMs]);
  const show = useCallback((tone: TimedNotice['tone'], text: ServerText | string) => setNotice({ tone, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}
