import type { ReactNode } from 'react';
import { DatabaseOutageNotice } from '@/components/database-outage-notice';
import { FlashMessageView } from '@/components/flash-message-view';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { InAppNoticesSlot } from './in-app-notices-slot';
import { LockdownBannerSlot } from './lockdown-banner-slot';

/** Header, the screen, the maintenance banner, and (inside the signed-in area) the operators' notices and the bottom navigation. */
export function AppShell({
  children,
  hasNavigation,
  showSignIn,
}: {
  children: ReactNode;
  hasNavigation: boolean;
  showSignIn: boolean;
}) {
  return (
    <div className={hasNavigation ? 'zv-shell zv-shell--with-nav' : 'zv-shell'}>
      <AppHeader showSignIn={showSignIn} />
      <FlashMessageView />
      <DatabaseOutageNotice />
      <LockdownBannerSlot />
      {hasNavigation && <InAppNoticesSlot />}
      {children}
      {hasNavigation && <BottomNav />}
    </div>
  );
}
