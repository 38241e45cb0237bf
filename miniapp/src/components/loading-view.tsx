import { Spinner, Text } from '@telegram-apps/telegram-ui';
import { Logo } from './logo';

/** The full-screen loading view (e.g. 'Securing your session...'). */
export function FullScreenLoader({ message }: { message: string }) {
  return (
    <div className="zv-fullscreen-loader" role="status" aria-live="polite">
      <Logo size={56} withWord={false} />
      <Spinner size="m" />
      <Text className="zv-muted">{message}</Text>
    </div>
  );
}

/** The inline variant: covers its positioned parent while something loads. */
export function InlineLoader({ message }: { message?: string }) {
  return (
    <div className="zv-inline-loader" role="status" aria-live="polite">
      <Spinner size="m" />
      {message && <Text className="zv-muted">{message}</Text>}
    </div>
  );
}
