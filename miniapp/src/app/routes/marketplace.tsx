import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';

export default function MarketplaceRoute() {
  return <ComingSoonPage feature="marketplace" />;
}
