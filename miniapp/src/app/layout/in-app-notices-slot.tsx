import { useAuth } from '@/features/auth/components/auth-provider';
import { InAppNotices } from '@/features/notices/components/in-app-notices';

/** Where a signed-in user's in-app notices appear (inside the shell, above the screen). */
export function InAppNoticesSlot() {
  const { status, user } = useAuth();
  return status === 'signed_in' && user ? <InAppNotices userId={user.id} /> : null;
}
