import { ProfileSetupPage } from '@/features/profile-setup/components/profile-setup-page';

export default function ProfileSetupRoute() {
  return <ProfileSetupPage />;
}
