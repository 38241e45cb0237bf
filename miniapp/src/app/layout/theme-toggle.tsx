import { IconButton } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { Theme } from '@ziver/shared';
import { Icon, type IconName } from '@/components/icons';
import { useTheme } from '@/lib/theme/theme-provider';

const ICONS: Record<Theme, IconName> = { light: 'sun', dark: 'moon', auto: 'auto' };

/** Cycles light, dark, auto. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, cycleTheme } = useTheme();
  const label = t('header.themeToggle', { theme: t(`header.themes.${theme}`) });
  return (
    <IconButton
      mode="plain"
      size="m"
      onClick={cycleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme={theme}
    >
      <Icon name={ICONS[theme]} size={22} />
    </IconButton>
  );
}
