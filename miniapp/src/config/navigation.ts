import { paths } from './paths';

export type NavItem = {
  id: 'mining' | 'tasks' | 'referrals' | 'marketplace' | 'wallet';
  path: string;
  /** Other paths on which this tab shows as selected. */
  alsoActiveOn?: readonly string[];
  /** Shell tabs are labelled in `nav`; feature tabs in their feature's locale module. */
  labelKey: 'nav.mining' | 'nav.marketplace' | 'nav.wallet' | 'tasks.navLabel' | 'referrals.navLabel';
};

/** The bottom navigation, in order (docs/spec.md §2); its icons are the tab bar's (app/layout/bottom-nav.tsx). */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'mining', path: paths.home, alsoActiveOn: [paths.mining], labelKey: 'nav.mining' },
  { id: 'tasks', path: paths.tasks, labelKey: 'tasks.navLabel' },
  { id: 'referrals', path: paths.referrals, labelKey: 'referrals.navLabel' },
  { id: 'marketplace', path: paths.marketplace, labelKey: 'nav.marketplace' },
  { id: 'wallet', path: paths.wallet, labelKey: 'nav.wallet' },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  return item.path === location || (item.alsoActiveOn?.includes(location) ?? false);
}
