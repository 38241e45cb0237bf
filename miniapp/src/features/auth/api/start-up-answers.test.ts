import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  appearanceSettingsResponseSchema,
  telegramAutoSaveResponseSchema,
  userActivityResponseSchema,
} from '@ziver/shared';
import type { Reader } from '@/lib/answer-shape';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import { buildUser } from '@/testing/factories';
import { readAppearanceSettings } from '@/features/settings/api/get-appearance-settings';
import { readTelegramAutoSave } from './auto-save-telegram-username';
import { readUserActivity } from './record-daily-login';

// The answers of the calls start-up makes after the session check, read without zod; each
// reader must agree with its shared schema field by field.
const cases: [string, Reader<unknown>, ZodType, unknown][] = [
  [
    'daily login, credited',
    readUserActivity,
    userActivityResponseSchema,
    {
      success: true,
      activityType: 'DAILY_LOGIN',
      credited: true,
      message: 'Daily login reward: {zp} ZP',
      messageKey: 'economy.dailyLoginCredited',
      params: { zp: 1 },
      day: '2025-01-05',
      reward: { zp: 1, seb: 0.5 },
      user: buildUser(),
    },
  ],
  [
    'daily login, already credited',
    readUserActivity,
    userActivityResponseSchema,
    {
      success: true,
      activityType: 'DAILY_LOGIN',
      credited: false,
      message: 'Already',
      messageKey: 'economy.dailyLoginAlready',
      params: {},
      day: '2025-01-05',
      reward: null,
      user: buildUser({ language: 'fr' }),
    },
  ],
  [
    'appearance',
    readAppearanceSettings,
    appearanceSettingsResponseSchema,
    {
      success: true,
      settings: {
        theme: { value: 'light' },
        language: { value: 'es' },
        display: { reducedMotion: true, highContrast: false, largeText: false },
      },
    },
  ],
  [
    'Telegram username auto-save',
    readTelegramAutoSave,
    telegramAutoSaveResponseSchema,
    { success: true, saved: true, user: buildUser({ telegram_username: 'amina' }) },
  ],
];

describe.each(cases)('the %s reader agrees with its shared schema', (_name, read, schema, body) => {
  it('reads the answer as the schema does, field by field, and drops unknown fields', () => {
    expect(read(body)).toStrictEqual(schema.parse(body));
    for (const [label, mutated] of mutationsOf(body)) expectAgreement(read, schema, mutated, label);
    expectAgreement(read, schema, { ...(body as object), extra: 1 }, 'extra field');
  });
});
