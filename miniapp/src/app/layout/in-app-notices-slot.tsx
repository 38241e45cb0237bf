import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useAuth } from '@/features/auth/components/auth-provider';
import { Notice } from '@/components/notice';
import { afterNextPaint } from '@/lib/after-paint';
import { featureTextsReady } from '@/i18n';

// Off the first screen: loaded once the first screen is painted and the feature texts are in.
const InAppNotices = lazy(() =>
  import('@/features/notices/components/in-app-notices').then((module) => ({ default: module.InAppNotices })),
);
const NOTICE_UI = { Button, NoticeBox: Notice };

/** Where a signed-in user's in-app notices appear (inside the shell, above the screen). */
export function InAppNoticesSlot() {
  const { status, user } = useAuth();
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => void featureTextsReady().then(() => live && setIsReady(true)));
    return () => {
      live = false;
    };
  }, []);
  if (!isReady || status !== 'signed_in' || !user) return null;
  return (
    <Suspense fallback={null}>
      <InAppNotices userId={user.id} ui={NOTICE_UI} />
    </Suspense>
  );
}
