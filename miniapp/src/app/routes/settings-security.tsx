import { SecurityPage } from '@/features/settings/components/security/security-page';

export default function SettingsSecurityRoute() {
  return <SecurityPage />;
}
