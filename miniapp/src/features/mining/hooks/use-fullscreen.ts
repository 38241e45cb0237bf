import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';

const NO_CHANGES = () => () => undefined;

/**
 * Full screen for the screen that calls it, inside Telegram (Mini Apps 8.0+): `isSupported` only
 * where the client can; `isOn` follows Telegram (fullscreen_changed, also when the user leaves
 * full screen with Telegram's own controls). Full screen entered here is left again when the
 * screen is left; a refusal (fullscreen_failed) sets `failed` until the next try.
 */
export function useFullscreen() {
  const fullscreen = useActiveTelegram()?.fullscreen ?? null;
  const subscribe = useCallback(
    (listener: () => void) => (fullscreen ? fullscreen.onChange(listener) : NO_CHANGES()),
    [fullscreen],
  );
  const isSupported = useSyncExternalStore(subscribe, () => fullscreen?.isSupported() ?? false);
  const isOn = useSyncExternalStore(subscribe, () => fullscreen?.isOn() ?? false);
  const [failed, setFailed] = useState(false);
  const enteredHere = useRef(false);

  useEffect(
    () => () => {
      if (fullscreen && enteredHere.current && fullscreen.isOn()) void fullscreen.set(false);
    },
    [fullscreen],
  );

  const toggle = useCallback(async () => {
    if (!fullscreen) return;
    const next = !fullscreen.isOn();
    const outcome = await fullscreen.set(next);
    setFailed(!outcome.ok);
    if (outcome.ok) enteredHere.current = next;
  }, [fullscreen]);

  return { isSupported, isOn, failed, toggle };
}
