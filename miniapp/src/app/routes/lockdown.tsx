import { LockdownPage } from '@/features/system/components/lockdown-page';

export default function LockdownRoute() {
  return <LockdownPage />;
}
