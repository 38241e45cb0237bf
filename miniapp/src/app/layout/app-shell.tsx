import type { ReactNode } from 'react';
import { DatabaseOutageNotice } from '@/components/database-outage-notice';
import { FlashMessageView } from '@/components/flash-message-view';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

/** Header, the screen, and (inside the signed-in area) the bottom navigation. */
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
      {children}
      {hasNavigation && <BottomNav />}
    </div>
  );
}
