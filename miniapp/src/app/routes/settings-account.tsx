import { AccountPage } from '@/features/settings/components/account/account-page';

export default function SettingsAccountRoute() {
  return <AccountPage />;
}
