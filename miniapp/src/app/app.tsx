import { useAuth } from '@/features/auth/components/auth-provider';
import { ServerAppearanceSync } from '@/features/settings/components/server-appearance-sync';
import { DialogHistory } from '@/lib/navigation/dialog-history';
import { TelegramBackButton } from '@/lib/navigation/telegram-back-button';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** A signed-in user's saved theme and language replace the local ones (docs/spec.md §4 Theme). */
function SettingsSync() {
  const { status, user } = useAuth();
  return <ServerAppearanceSync userId={status === 'signed_in' ? (user?.id ?? null) : null} />;
}

export function App() {
  return (
    <AppProvider>
      <SettingsSync />
      <TelegramBackButton />
      <DialogHistory />
      <AppRouter />
    </AppProvider>
  );
}
