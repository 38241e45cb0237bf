import { LockdownPage } from '@/features/lockdown/components/lockdown-page';

export default function LockdownRoute() {
  return <LockdownPage />;
}
