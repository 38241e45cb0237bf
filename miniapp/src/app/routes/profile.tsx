import { ProfilePage } from '@/features/users/components/profile-page';
import { WalletSummary } from '@/features/wallet/components/wallet-summary';

export default function ProfileRoute() {
  return <ProfilePage overviewExtra={<WalletSummary />} />;
}
