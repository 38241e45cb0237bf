import { ProfileSetupPage } from '@/features/users/components/profile-setup-page';

export default function ProfileSetupRoute() {
  return <ProfileSetupPage />;
}
