import { useCallback } from 'react';
import { INTEGRITY_MESSAGES, type IntegrityReasonCode } from '@ziver/shared';
import { useServerMessage } from '@/i18n/server-message';

/** A risk reason's text by its stable code, in the reader's language (the shared message list's `integrity.reason_<code>`). */
export function useReasonText(): (code: IntegrityReasonCode) => string {
  const serverText = useServerMessage();
  return useCallback(
    (code: IntegrityReasonCode) =>
      serverText({ message: INTEGRITY_MESSAGES[`reason_${code}`], messageKey: `integrity.reason_${code}`, params: {} }),
    [serverText],
  );
}

/** A ring's short label: the first block of its id (the page shows it whole). */
export const ringShortId = (id: string) => id.slice(0, 8);
