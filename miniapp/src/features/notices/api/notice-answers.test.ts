import { describe, expect, it } from 'vitest';
import { dismissNoticeResponseSchema, noticesResponseSchema } from '@ziver/shared';
import type { Reader } from '@/lib/answer-shape';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import { readDismissNotice, readNotices } from './notice-answers';

const notices = {
  success: true,
  notices: [
    { id: 'a1', text: '<b>Maintenance</b> dimanche', format: 'html', created_at: '2026-11-28T10:00:00.000Z' },
    { id: 'b2', text: 'Hello', format: 'plain', created_at: '2026-11-27T10:00:00.000Z' },
  ],
};
const dismissed = {
  success: true,
  message: 'Notice dismissed',
  messageKey: 'announcements.noticeDismissed',
  params: {},
};

describe('the notice readers agree with their schemas', () => {
  it.each([
    ['notices', readNotices, noticesResponseSchema, notices],
    ['dismissal', readDismissNotice, dismissNoticeResponseSchema, dismissed],
  ] as const)('reads the %s answer as the schema does, field by field', (_name, reader, schema, body) => {
    expect(reader(body)).toStrictEqual(schema.parse(body));
    for (const [label, mutated] of mutationsOf(body)) {
      expectAgreement(reader as Reader<unknown>, schema, mutated, label);
    }
    expectAgreement(reader as Reader<unknown>, schema, { ...body, extra: 1 }, 'extra field');
  });
});
