import { measureMessage } from '@ziver/shared/core';
import { TelegramText } from '@/components/telegram-text';

/**
 * An announcement written in Telegram HTML, shown as Telegram shows it. Its own chunk (the parser
 * and the renderer), loaded only when a notice is in HTML; `fallback` when it does not parse.
 */
export default function NoticeHtml({ text }: { text: string }) {
  const parsed = measureMessage(text, 'html');
  return parsed.ok ? <TelegramText nodes={parsed.nodes} /> : <>{text}</>;
}
