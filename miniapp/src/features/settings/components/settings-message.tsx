import { Notice } from '@/components/notice';
import type { TimedMessage } from '../hooks/use-timed-message';
import { useTranslateSettingsMessage } from '../hooks/use-translate-settings-message';

/** The success or error line of a settings section; the text may be a server message. */
export function SettingsMessage({ message, testId }: { message: TimedMessage | null; testId: string }) {
  const translate = useTranslateSettingsMessage();
  if (!message) return null;
  return (
    <Notice tone={message.tone} testId={testId}>
      {translate(message.text)}
    </Notice>
  );
}
