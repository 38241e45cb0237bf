import { useState } from 'react';
import { Tabbar } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon, type IconName } from '@/components/icons';
import { isNavItemActive, NAV_ITEMS, type NavItem } from '@/config/navigation';
import { normalizePath } from '../routing/decide-route';

const TAB_ICONS: Record<NavItem['id'], IconName> = {
  mining: 'mining',
  tasks: 'rocket',
  referrals: 'users',
  marketplace: 'marketplace',
  wallet: 'wallet',
};

/** The bottom tab bar; it can be collapsed to a small handle. */
export function BottomNav() {
  const { t } = useTranslation();
  const [location, setLocation] = useLocation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const current = normalizePath(location);

  return (
    <nav className={isCollapsed ? 'zv-nav zv-nav--collapsed' : 'zv-nav'} aria-label={t('nav.label')}>
      <button
        type="button"
        className="zv-nav__handle"
        onClick={() => setIsCollapsed((collapsed) => !collapsed)}
        aria-expanded={!isCollapsed}
        aria-label={isCollapsed ? t('nav.expand') : t('nav.collapse')}
        data-testid="nav-toggle"
      >
        <Icon name={isCollapsed ? 'chevron-up' : 'chevron-down'} size={18} />
      </button>
      {!isCollapsed && (
        <Tabbar className="zv-nav__bar">
          {NAV_ITEMS.map((item) => {
            const isActive = isNavItemActive(item, current);
            return (
              <Tabbar.Item
                key={item.id}
                text={t(item.labelKey)}
                selected={isActive}
                aria-current={isActive ? 'page' : undefined}
                data-testid={`nav-${item.id}`}
                onClick={() => setLocation(item.path)}
              >
                <Icon name={TAB_ICONS[item.id]} size={26} />
              </Tabbar.Item>
            );
          })}
        </Tabbar>
      )}
    </nav>
  );
}
