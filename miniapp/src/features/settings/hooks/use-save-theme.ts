import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Theme } from '@ziver/shared/core';
import { useSession } from '@/lib/session';
import { useTheme } from '@/lib/theme/theme-provider';
import { updateTheme } from '../api/update-theme';
import { saveAppearance } from '../utils/save-appearance';
import type { SaveOutcome } from '../utils/save-optimistically';

/**
 * Changes the theme at once and, when signed in, saves it on the server; a refusal brings the
 * previous theme back (docs/spec.md §4). Signed out, the choice is only kept in this browser.
 */
export function useSaveTheme(): (next: Theme) => Promise<SaveOutcome> {
  const queryClient = useQueryClient();
  const session = useSession();
  const { theme, setTheme } = useTheme();
  const shown = useRef(theme);
  useEffect(() => {
    shown.current = theme;
  }, [theme]);
  const isSignedIn = session !== null;

  return useCallback(
    async (next: Theme) => {
      const previous = shown.current;
      const apply = (value: Theme) => {
        shown.current = value;
        setTheme(value);
      };
      if (!isSignedIn) {
        apply(next);
        return { ok: true, message: '' };
      }
      return saveAppearance(
        queryClient,
        { next, previous, apply, save: (value) => updateTheme({ theme: value }), current: () => shown.current },
        (data) => ({ ...data, theme: { value: next } }),
      );
    },
    [isSignedIn, queryClient, setTheme],
  );
}
