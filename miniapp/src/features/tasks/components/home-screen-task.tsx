import { useEffect, useRef, useState } from 'react';
import { Button, Caption } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { HomeScreenEvent } from '@ziver/shared';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { texts } from '../texts';

/**
 * The action of a home-screen task that can be completed: inside Telegram (Mini Apps 8.0+) it
 * asks checkHomeScreenStatus once; 'added' (already there) offers Complete, reported as
 * home_screen_checked; otherwise "Add to home screen" opens Telegram's prompt, and Telegram's
 * home_screen_added is reported. Outside Telegram, on an older client, or where Telegram says
 * the device has no home screen ('unsupported'), it says why instead of a button.
 */
export function HomeScreenTaskAction({
  isCompleting,
  onReport,
}: {
  isCompleting: boolean;
  onReport: (event: HomeScreenEvent) => void;
}) {
  const t = texts.useTexts();
  const { t: tApp } = useTranslation();
  const telegram = useActiveTelegram();
  const homeScreen = telegram?.homeScreen ?? null;
  const isSupported = homeScreen?.isSupported() ?? false;
  const [status, setStatus] = useState<string | null>(null);
  // Which event said 'added' (a retry after a failed report names the same one).
  const addedBy = useRef<HomeScreenEvent>('home_screen_checked');
  const report = useRef(onReport);
  report.current = onReport;

  useEffect(() => {
    if (!homeScreen || !isSupported) return;
    let isCurrent = true;
    void homeScreen.status().then((answer) => {
      // A home_screen_added that came first stands.
      if (isCurrent) setStatus((current) => (current === 'added' ? current : answer));
    });
    const offAdded = homeScreen.onAdded(() => {
      if (!isCurrent) return;
      addedBy.current = 'home_screen_added';
      setStatus('added');
      report.current('home_screen_added');
    });
    return () => {
      isCurrent = false;
      offAdded();
    };
  }, [homeScreen, isSupported]);

  const reason = !telegram ? 'outside' : !isSupported ? 'oldClient' : status === 'unsupported' ? 'unsupported' : null;
  if (reason) {
    return (
      <Caption level="1" className="zv-muted zv-task__why" data-testid="task-home-screen-why" data-reason={reason}>
        {t(`homeScreen.${reason}`)}
      </Caption>
    );
  }
  if (status === null) {
    return (
      <Button size="s" loading aria-label={t('homeScreen.checking')} data-testid="task-home-screen-checking">
        {t('homeScreen.add')}
      </Button>
    );
  }
  if (status === 'added') {
    return (
      <>
        <Caption level="1" className="zv-muted zv-task__why">
          {t('homeScreen.alreadyAdded')}
        </Caption>
        <Button
          size="s"
          loading={isCompleting}
          onClick={() => report.current(addedBy.current)}
          data-testid="task-complete"
        >
          {tApp('tasks.card.complete')}
        </Button>
      </>
    );
  }
  return (
    <Button size="s" loading={isCompleting} onClick={() => homeScreen?.add()} data-testid="task-home-screen-add">
      {t('homeScreen.add')}
    </Button>
  );
}
