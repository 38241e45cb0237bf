import { useEffect, useRef } from 'react';
import { chooseLanguage } from '@/i18n';
import { setDisplay } from '@/lib/display/display';
import { useTheme } from '@/lib/theme/theme-provider';
import { useAppearanceSettings } from '../api/get-appearance-settings';

/**
 * For a signed-in user the server's theme, language and display toggles override the local ones (docs/spec.md §4
 * Theme), once per signed-in user. A failed load keeps the local values. `userId` is null
 * while nobody is signed in (or the session is still being checked).
 */
export function ServerAppearanceSync({ userId }: { userId: string | null }) {
  const { setTheme } = useTheme();
  const query = useAppearanceSettings({ enabled: userId !== null });
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (userId === null) {
      appliedFor.current = null;
      return;
    }
    if (!query.data || appliedFor.current === userId) return;
    appliedFor.current = userId;
    setTheme(query.data.theme.value);
    setDisplay(query.data.display);
    void chooseLanguage(query.data.language.value);
  }, [userId, query.data, setTheme]);

  return null;
}
