import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useSystemStatus } from '@/features/system/api/get-system-status';
import { LockdownBanner } from '@/features/system/components/lockdown-banner';
import { lockdownBannerFor } from '@/features/system/utils/lockdown-redirect';
import { featureTextsReady } from '@/i18n';

/**
 * Where the maintenance banner appears (inside the shell, above the screen; the console too): the
 * status is the lockdown watcher's own query (no extra request), who sees it is lockdownBannerFor.
 * The banner speaks the feature texts, which load after the first screen: it waits for them.
 * (A lazy chunk of its own cost the first screen a file: rolldown split its runtime out.)
 */
export function LockdownBannerSlot() {
  const { status: auth, user } = useAuth();
  const [path] = useLocation();
  const { data: status } = useSystemStatus();
  const audience = lockdownBannerFor({
    path,
    lockdownMode: status?.lockdownMode ?? null,
    auth,
    role: user?.role ?? null,
  });
  const [hasTexts, setHasTexts] = useState(false);
  useEffect(() => {
    if (!audience || hasTexts) return;
    let live = true;
    void featureTextsReady().then(() => live && setHasTexts(true));
    return () => {
      live = false;
    };
  }, [audience, hasTexts]);
  if (!audience || !status || !hasTexts) return null;
  return <LockdownBanner audience={audience} status={status} path={path} />;
}
