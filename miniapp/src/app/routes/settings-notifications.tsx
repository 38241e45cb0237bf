import { NotificationsPage } from '@/features/settings/components/notifications/notifications-page';

export default function SettingsNotificationsRoute() {
  return <NotificationsPage />;
}
