import { describe, expect, it } from 'vitest';
import { systemStatusSchema } from '@ziver/shared';
import type { Reader } from '@/lib/answer-shape';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import { readSystemStatus } from './system-status-answer';

const lockdown = {
  success: true,
  lockdownMode: true,
  message: 'Back soon',
  messageKey: 'system.maintenance',
  params: { minutes: 30, who: 'ops' },
  supportEmail: 'support@example.com',
  estimate: '30-60 minutes',
};
const open = { success: true, lockdownMode: false, supportEmail: 'support@example.com', estimate: '30-60 minutes' };

describe('the system status reader agrees with systemStatusSchema', () => {
  it.each([
    ['in lockdown', lockdown],
    ['open', open],
  ])('reads an answer %s as the schema does, field by field', (_name, body) => {
    expect(readSystemStatus(body)).toStrictEqual(systemStatusSchema.parse(body));
    for (const [label, mutated] of mutationsOf(body)) {
      expectAgreement(readSystemStatus as Reader<unknown>, systemStatusSchema, mutated, label);
    }
    expectAgreement(readSystemStatus as Reader<unknown>, systemStatusSchema, { ...body, extra: 1 }, 'extra field');
  });
});
