import { ReferralsScreen } from '@/features/referrals/components/referrals-screen';

export default function ReferralsRoute() {
  return <ReferralsScreen />;
}
