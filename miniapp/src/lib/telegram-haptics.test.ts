import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTelegramBridge } from './platform/fake-telegram-bridge';
import { setActiveTelegram } from './platform/telegram-bridge';
import { haptics } from './telegram-haptics';

afterEach(() => setActiveTelegram(null));

describe('haptics', () => {
  it('does nothing outside Telegram', () => {
    expect(() => {
      haptics.notify('success');
      haptics.notify('error');
      haptics.impact('medium');
    }).not.toThrow();
  });

  it("goes to Telegram's haptic feedback inside it", () => {
    const telegram = createFakeTelegramBridge();
    setActiveTelegram(telegram);
    haptics.impact('medium');
    haptics.notify('success');
    expect(telegram.calls).toEqual([
      { kind: 'impact', style: 'medium' },
      { kind: 'notify', type: 'success' },
    ]);
  });
});
