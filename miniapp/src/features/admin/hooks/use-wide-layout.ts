import { useSyncExternalStore } from 'react';

/**
 * The console's desktop layout: side navigation and tables from 1024 px. admin.css switches the
 * layout at the same width (@media (min-width: 1024px)); this tells components to render tables
 * instead of the phone's cards.
 */
export const WIDE_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(WIDE_QUERY).matches ?? false);
}
