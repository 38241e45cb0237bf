import { IconButton } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { Theme } from '@ziver/shared/core';
import { Icon, type IconName } from '@/components/icons';
import { useSaveTheme } from '@/features/settings/hooks/use-save-theme';
import { flashMessages } from '@/lib/flash-message';
import { useTheme } from '@/lib/theme/theme-provider';
import { nextTheme } from '@/lib/theme/theme';

const ICONS: Record<Theme, IconName> = { light: 'sun', dark: 'moon', auto: 'auto' };

/** Cycles light, dark, auto. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const saveTheme = useSaveTheme();
  // Signed in, the choice is saved on the server (or it would be overridden on the next load).
  const cycleTheme = async () => {
    const outcome = await saveTheme(nextTheme(theme));
    if (!outcome.ok) flashMessages.show(t('messages.failedUpdateSettings'), 'error');
  };
  const label = t('header.themeToggle', { theme: t(`header.themes.${theme}`) });
  return (
    <IconButton
      mode="plain"
      size="m"
      onClick={() => void cycleTheme()}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme={theme}
    >
      <Icon name={ICONS[theme]} size={22} />
    </IconButton>
  );
}
