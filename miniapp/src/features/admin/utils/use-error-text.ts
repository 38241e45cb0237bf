import { useCallback } from 'react';
import { serverTextOf, useServerMessage } from '@/i18n/server-message';

/**
 * The text of a failed console call in the reader's language: the server's answer rendered from
 * its message key (never its English sentence), else the error's own text (a network failure).
 */
export function useErrorText(): (error: unknown) => string {
  const render = useServerMessage();
  return useCallback(
    (error: unknown) => {
      const text = serverTextOf(error);
      if (text) return render(text);
      return error instanceof Error ? error.message : String(error);
    },
    [render],
  );
}
