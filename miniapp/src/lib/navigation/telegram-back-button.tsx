import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { useActiveTelegram, type TelegramBridge } from '@/lib/platform/telegram-bridge';
import { backTargetFor, shouldShowBackButton } from './back-navigation';
import { backStack } from './back-stack';
import { closeOpenDialog, hasOpenDialog, subscribeToDialogs } from './open-dialog';

/**
 * What Telegram's BackButton does: close the open modal (as Escape would, so every telegram-ui
 * Modal closes the way it closes itself), else the newest registered back action, else go to
 * the page's parent.
 */
function goBack(navigate: (to: string) => void, path: string): void {
  if (closeOpenDialog()) return;
  const registered = backStack.top();
  if (registered) {
    registered();
    return;
  }
  const target = backTargetFor(path);
  if (target) navigate(target);
}

function BackButtonSync({ telegram }: { telegram: TelegramBridge }) {
  const [location, setLocation] = useLocation();
  const registeredCount = useSyncExternalStore(backStack.subscribe, backStack.size, backStack.size);
  const isDialogOpen = useSyncExternalStore(subscribeToDialogs, hasOpenDialog, hasOpenDialog);
  const isVisible = shouldShowBackButton({
    path: location,
    hasRegisteredAction: registeredCount > 0,
    hasOpenDialog: isDialogOpen,
  });

  useEffect(() => telegram.setBackButtonVisible(isVisible), [telegram, isVisible]);
  useEffect(() => () => telegram.setBackButtonVisible(false), [telegram]);

  // Kept in the commit: passive effects may run a frame later (Telegram's press is not a
  // discrete DOM event), and a press in that frame would go back from the page before.
  const current = useRef({ location, setLocation });
  useLayoutEffect(() => {
    current.current = { location, setLocation };
  }, [location, setLocation]);
  useEffect(
    () => telegram.onBackButtonClick(() => goBack((to) => current.current.setLocation(to), current.current.location)),
    [telegram],
  );

  return null;
}

/**
 * Telegram's BackButton, shown on nested pages and while a modal is open, hidden on the
 * bottom-nav roots. Renders nothing, and does nothing outside Telegram: there the pages' own
 * back buttons and the browser's back apply.
 */
export function TelegramBackButton() {
  const telegram = useActiveTelegram();
  if (!telegram || !telegram.hasBackButton()) return null;
  return <BackButtonSync telegram={telegram} />;
}
