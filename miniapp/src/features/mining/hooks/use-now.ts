import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while enabled. */
export function useNow(intervalMs: number, isEnabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isEnabled) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, isEnabled]);
  return now;
}
