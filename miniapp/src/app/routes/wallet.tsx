import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';

export default function WalletRoute() {
  return <ComingSoonPage feature="wallet" />;
}
