import { useEffect } from 'react';
import { flashMessages, FLASH_MESSAGE_MS, useFlashMessage } from '@/lib/flash-message';
import { Notice } from './notice';
import './flash-message-view.css';

/**
 * Shows the current flash message under the header and lets it vanish after 3 s. The live region
 * stays on the page when empty: screen readers announce what appears in a region they already
 * know, not a region added with its text.
 */
export function FlashMessageView() {
  const message = useFlashMessage();
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => flashMessages.dismiss(message.id), FLASH_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <div className="zv-flash" aria-live="polite">
      {message && (
        <Notice key={message.id} tone={message.tone} testId="flash-message">
          {message.text}
        </Notice>
      )}
    </div>
  );
}
