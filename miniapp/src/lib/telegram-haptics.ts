import { getActiveTelegram, type HapticImpact, type HapticNotification } from './platform/telegram-bridge';

export type { HapticImpact, HapticNotification } from './platform/telegram-bridge';

/**
 * Telegram's haptic feedback, callable from anywhere (event handlers, mutation callbacks).
 * Outside Telegram, or on a client without haptics, every call does nothing.
 */
export const haptics = {
  /** A result: 'success' (claim, task complete), 'error' (a failed action), 'warning'. */
  notify(type: HapticNotification): void {
    getActiveTelegram()?.notify(type);
  },
  /** A physical tap: 'light', 'medium' (e.g. starting to mine), 'heavy'. */
  impact(style: HapticImpact): void {
    getActiveTelegram()?.impact(style);
  },
};
