import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { taskMessageKeyOf } from '../utils/task-errors';

/** The server's task messages in the user's language; anything else as sent. */
export function useTranslateTaskMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = taskMessageKeyOf(text);
      return key ? t(`tasks.server.${key}`) : text;
    },
    [t],
  );
}
