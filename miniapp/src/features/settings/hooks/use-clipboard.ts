import { useCallback } from 'react';

/** Copies text; resolves false when the browser refuses (no permission, insecure page). */
export function useClipboard(): (text: string) => Promise<boolean> {
  return useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) return false;
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }, []);
}
