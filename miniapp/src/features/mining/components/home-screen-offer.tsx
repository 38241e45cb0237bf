import { useEffect, useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { useActiveTelegram, type TelegramBridge } from '@/lib/platform/telegram-bridge';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';

/** Days in a row after which the mining screen offers the home-screen shortcut. */
export const HOME_SCREEN_OFFER_STREAK = 3;
const askedKey = (userId: string) => `ziver-home-screen-asked-${userId}`;

/**
 * Where the answer to the offer is kept: Telegram's CloudStorage (it follows the user to every
 * device, and works where the frame's own storage is blocked), else this browser's storage.
 */
function answerStore(telegram: TelegramBridge) {
  const cloud = telegram.cloudStorage();
  return {
    read: (key: string) => (cloud ? cloud.get(key) : Promise.resolve(guardedLocalStorage.getItem(key))),
    write: (key: string, value: string) =>
      cloud ? cloud.set(key, value) : Promise.resolve(guardedLocalStorage.setItem(key, value)),
  };
}

/**
 * Inside Telegram (Mini Apps 8.0+), once the user has a streak of HOME_SCREEN_OFFER_STREAK days:
 * "add Ziver to your home screen", asked once (either answer is remembered) and only when
 * Telegram's checkHomeScreenStatus says it can be added ('missed').
 */
export function HomeScreenOffer({ userId, streak }: { userId: string; streak: number }) {
  const { t } = useTranslation();
  const telegram = useActiveTelegram();
  const [isShown, setIsShown] = useState(false);
  const isDue = telegram !== null && streak >= HOME_SCREEN_OFFER_STREAK && telegram.homeScreen.isSupported();

  useEffect(() => {
    if (!isDue || !telegram) return;
    let isCurrent = true;
    void (async () => {
      const asked = await answerStore(telegram)
        .read(askedKey(userId))
        .catch(() => 'unreadable');
      if (asked || !isCurrent) return;
      if ((await telegram.homeScreen.status()) === 'missed' && isCurrent) setIsShown(true);
    })();
    const offAdded = telegram.homeScreen.onAdded(() => setIsShown(false));
    return () => {
      isCurrent = false;
      offAdded();
    };
  }, [isDue, telegram, userId]);

  if (!isShown || !telegram) return null;
  const answer = (value: 'added' | 'declined') => {
    setIsShown(false);
    void answerStore(telegram)
      .write(askedKey(userId), value)
      .catch(() => undefined);
    if (value === 'added') telegram.homeScreen.add();
  };
  return (
    <Notice
      tone="info"
      title={t('mining.homeScreen.title')}
      testId="home-screen-offer"
      action={
        <span className="zv-home-screen-offer__actions">
          <Button size="s" mode="filled" data-testid="home-screen-add" onClick={() => answer('added')}>
            {t('mining.homeScreen.add')}
          </Button>
          <Button size="s" mode="plain" data-testid="home-screen-later" onClick={() => answer('declined')}>
            {t('mining.homeScreen.later')}
          </Button>
        </span>
      }
    >
      {t('mining.homeScreen.text', { count: streak })}
    </Notice>
  );
}
