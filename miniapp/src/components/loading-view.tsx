import { Text } from '@telegram-apps/telegram-ui';
import { Logo } from './logo';

/**
 * A CSS ring in Telegram's colours rather than telegram-ui's Spinner: this view is on the first
 * screen, whose JS budget the Spinner's three SVG icons would take ~1.5 kB of, and a CSS
 * animation stops under Reduced Motion with the rest (lib/display/display.css).
 */
function LoaderRing() {
  return <span className="zv-loader-ring" aria-hidden="true" />;
}

/** The full-screen loading view (e.g. 'Securing your session...'). */
export function FullScreenLoader({ message }: { message: string }) {
  return (
    <div className="zv-fullscreen-loader" role="status" aria-live="polite">
      <Logo size={56} withWord={false} />
      <LoaderRing />
      <Text className="zv-muted">{message}</Text>
    </div>
  );
}

/** The inline variant: covers its positioned parent while something loads. */
export function InlineLoader({ message }: { message?: string }) {
  return (
    <div className="zv-inline-loader" role="status" aria-live="polite">
      <LoaderRing />
      {message && <Text className="zv-muted">{message}</Text>}
    </div>
  );
}
