import { useEffect } from 'react';
import { flashMessages, FLASH_MESSAGE_MS, useFlashMessage } from '@/lib/flash-message';
import { Notice } from './notice';
import './flash-message-view.css';

/** Shows the current flash message under the header and lets it vanish after 3 s. */
export function FlashMessageView() {
  const message = useFlashMessage();
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => flashMessages.dismiss(message.id), FLASH_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  if (!message) return null;
  return (
    <div className="zv-flash" aria-live="polite">
      <Notice tone={message.tone} testId="flash-message">
        {message.text}
      </Notice>
    </div>
  );
}
