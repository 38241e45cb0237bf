import { describe, expect, it } from 'vitest';
import { isDetectedTelegramUsername, normalizeTelegramUsername } from './telegram-profile';

describe('detected Telegram username', () => {
  it('accepts Telegram usernames with or without the @', () => {
    expect(normalizeTelegramUsername('@ziver_fan')).toBe('ziver_fan');
    expect(normalizeTelegramUsername(' ziver_fan ')).toBe('ziver_fan');
    expect(normalizeTelegramUsername('abc')).toBeNull();
    expect(normalizeTelegramUsername(null)).toBeNull();
  });

  it("says whether a field holds the detected one (the 'Auto-detected' badge)", () => {
    expect(isDetectedTelegramUsername('@Ziver_Fan', 'ziver_fan')).toBe(true);
    expect(isDetectedTelegramUsername('someone_else', 'ziver_fan')).toBe(false);
    expect(isDetectedTelegramUsername('ziver_fan', null)).toBe(false);
  });
});
