import type { IconName } from '@/components/icons';
import { paths } from './paths';

export type NavItem = {
  id: 'mining' | 'tasks' | 'referrals' | 'marketplace' | 'wallet';
  path: string;
  /** Other paths on which this tab shows as selected. */
  alsoActiveOn?: readonly string[];
  /** Shell tabs are labelled in `nav`; feature tabs in their feature's locale module. */
  labelKey: 'nav.mining' | 'nav.marketplace' | 'nav.wallet' | 'tasks.navLabel' | 'referrals.navLabel';
  icon: IconName;
};

/** The bottom navigation, in order (docs/spec.md §2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'mining', path: paths.home, alsoActiveOn: [paths.mining], labelKey: 'nav.mining', icon: 'mining' },
  { id: 'tasks', path: paths.tasks, labelKey: 'tasks.navLabel', icon: 'rocket' },
  { id: 'referrals', path: paths.referrals, labelKey: 'referrals.navLabel', icon: 'users' },
  { id: 'marketplace', path: paths.marketplace, labelKey: 'nav.marketplace', icon: 'marketplace' },
  { id: 'wallet', path: paths.wallet, labelKey: 'nav.wallet', icon: 'wallet' },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  return item.path === location || (item.alsoActiveOn?.includes(location) ?? false);
}
