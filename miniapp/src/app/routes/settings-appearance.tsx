import { AppearancePage } from '@/features/settings/components/appearance/appearance-page';

export default function SettingsAppearanceRoute() {
  return <AppearancePage />;
}
