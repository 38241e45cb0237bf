import { SettingsHub } from '@/features/settings/components/settings-hub';

export default function SettingsRoute() {
  return <SettingsHub />;
}
