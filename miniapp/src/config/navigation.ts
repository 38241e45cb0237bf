import type { IconName } from '@/components/icons';
import { paths } from './paths';

export type NavItem = {
  id: 'mining' | 'marketplace' | 'wallet';
  path: string;
  /** Other paths on which this tab shows as selected. */
  alsoActiveOn?: readonly string[];
  labelKey: `nav.${NavItem['id']}`;
  icon: IconName;
};

/** The bottom navigation, in order. Tasks and Referrals slot in here when they exist. */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'mining', path: paths.home, alsoActiveOn: [paths.mining], labelKey: 'nav.mining', icon: 'mining' },
  { id: 'marketplace', path: paths.marketplace, labelKey: 'nav.marketplace', icon: 'marketplace' },
  { id: 'wallet', path: paths.wallet, labelKey: 'nav.wallet', icon: 'wallet' },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  return item.path === location || (item.alsoActiveOn?.includes(location) ?? false);
}
