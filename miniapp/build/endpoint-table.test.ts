import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT, type ContractId } from '@ziver/shared';
import * as shape from '@/lib/answer-shape';
import * as checks from '@/lib/answer-checks';
import type { Reader } from '@/lib/answer-shape';
import { answerReader } from '@/lib/call';
import { activityEndpoint } from '@/lib/endpoints/activity';
import { appearanceEndpoint } from '@/lib/endpoints/appearance';
import { miningClaimEndpoint } from '@/lib/endpoints/mining-claim';
import { miningStartEndpoint } from '@/lib/endpoints/mining-start';
import { miningStatusEndpoint } from '@/lib/endpoints/mining-status';
import { recentTransactionsEndpoint } from '@/lib/endpoints/recent-transactions';
import { systemStatusEndpoint } from '@/lib/endpoints/system-status';
import { telegramAutoSaveEndpoint } from '@/lib/endpoints/telegram-auto-save';
import { verifyTokenEndpoint } from '@/lib/endpoints/verify-token';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import { buildMiningStatus, buildUser } from '@/testing/factories';
import {
  compileEndpoint,
  compileReader,
  endpointTableOnDisk,
  endpointTableSources,
  withoutFormatting,
} from './endpoint-table.ts';

// The readers compiled from the contract's zod schemas must accept and refuse exactly what the
// schemas do, and return the same value: checked on real answers and on every variant of them
// with one field deleted or replaced. The readers under test are the ones the app uses: the
// committed table (src/lib/endpoints/), which must be what the generator writes today.

const { receivedAt: _receivedAt, ...status } = buildMiningStatus({
  isMining: true,
  progress: 0.25,
  timeRemaining: 10_800_000,
  cycleEndsAt: '2025-01-05T14:00:00.000Z',
  userData: { zp_balance: 10.5, social_capital_score: 3, daily_streak_count: 2, mining_session_start_time: 'x' },
});
const texts = { message: 'Done', messageKey: 'spec.rewardClaimed', params: { zp: 50, unit: 'ZP' } };

const cases: [string, ContractId, Reader<unknown>, unknown][] = [
  [
    'system status in lockdown',
    'systemStatus',
    answerReader(systemStatusEndpoint),
    {
      success: true,
      lockdownMode: true,
      message: 'Back soon',
      messageKey: 'system.maintenance',
      params: { minutes: 30, who: 'ops' },
      supportEmail: 'support@example.com',
      estimate: '30-60 minutes',
    },
  ],
  [
    'system status, open',
    'systemStatus',
    answerReader(systemStatusEndpoint),
    { success: true, lockdownMode: false, supportEmail: 'support@example.com', estimate: '30-60 minutes' },
  ],
  [
    'session check',
    'verifyToken',
    answerReader(verifyTokenEndpoint),
    {
      success: true,
      valid: true,
      user: buildUser({ bio: 'hi', avatar_url: '/a.png', role: 'TESTER', language: 'de' }),
    },
  ],
  [
    'session check, nullable fields null',
    'verifyToken',
    answerReader(verifyTokenEndpoint),
    { success: true, valid: true, user: buildUser({ email: null, last_seen: null, theme: 'auto' }) },
  ],
  [
    'daily login, credited',
    'activity',
    answerReader(activityEndpoint),
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
    'activity',
    answerReader(activityEndpoint),
    {
      success: true,
      activityType: 'DAILY_LOGIN',
      credited: false,
      ...texts,
      params: {},
      day: '2025-01-05',
      reward: null,
      user: buildUser({ language: 'fr' }),
    },
  ],
  [
    'appearance',
    'appearance',
    answerReader(appearanceEndpoint),
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
    'telegramAutoSave',
    answerReader(telegramAutoSaveEndpoint),
    { success: true, saved: true, user: buildUser({ telegram_username: 'amina' }) },
  ],
  ['mining status', 'miningStatus', answerReader(miningStatusEndpoint), status],
  ['mining start', 'miningStart', answerReader(miningStartEndpoint), { ...status, ...texts }],
  [
    'mining claim',
    'miningClaim',
    answerReader(miningClaimEndpoint),
    {
      success: true,
      ...texts,
      reward: { zp: 50, seb: 1, streak: 3, durationMinutes: 240 },
      user: buildUser({ email: null, role: 'ADMIN', theme: 'light', language: 'zh', telegram_id: '42' }),
      userData: { zp_balance: 60, social_capital_score: 4, daily_streak_count: 3, mining_session_start_time: null },
    },
  ],
  [
    'recent transactions',
    'recentTransactions',
    answerReader(recentTransactionsEndpoint),
    {
      success: true,
      transactions: [
        {
          id: 't1',
          type: 'mining_reward',
          currency: 'ZP',
          amount: 50,
          description: 'Mining reward',
          created_at: '2025-01-05T10:00:00.000Z',
          metadata: { streak: 3, nested: { a: [1, 2] }, none: null },
        },
        {
          id: 't2',
          type: 'referral_bonus_reversal',
          currency: 'SEB',
          amount: -1,
          description: '',
          created_at: 'x',
          metadata: {},
        },
      ],
    },
  ],
];

describe.each(cases)(
  'the compiled reader of the %s answer agrees with its contract schema',
  (_name, id, read, body) => {
    const schema = CONTRACT[id].response;

    it('reads the answer to the value the schema returns, and drops unknown fields like it', () => {
      expect(read(body)).toStrictEqual(schema.parse(body));
      const extra = { ...(body as object), token: 'secret' };
      expectAgreement(read, schema, extra, 'extra field');
      expect(read(extra)).not.toHaveProperty('token');
    });

    it('accepts and refuses exactly what the schema does, field by field', () => {
      for (const [label, mutated] of mutationsOf(body)) expectAgreement(read, schema, mutated, label);
    });

    it('refuses what is not an object', () => {
      for (const other of [null, undefined, 'ok', 1, [], [body]]) expectAgreement(read, schema, other, String(other));
    });
  },
);

/** Evaluates a compiled reader against the run-time modules, as the table's modules do. */
function evaluate(schema: z.ZodType): Reader<unknown> {
  return new Function('shape', 'checks', `return ${compileReader(schema)};`)(shape, checks) as Reader<unknown>;
}

describe('the answer reader compiler', () => {
  it('compiles what the schemas it knows check: lengths, literals, enums, unions, optional fields', () => {
    const schema = z.object({
      name: z.string().min(2),
      kind: z.enum(['a', 'b']),
      flag: z.literal([1, 'one', false]),
      value: z.union([z.string(), z.number()]).optional(),
      list: z.array(z.nullable(z.boolean())),
    });
    const read = evaluate(schema);
    const body = { name: 'ab', kind: 'b', flag: 'one', list: [true, null] };
    expectAgreement(read, schema, body, 'valid');
    expectAgreement(read, schema, { ...body, value: 3 }, 'with the optional field');
    for (const [label, mutated] of mutationsOf({ ...body, value: 'x' })) expectAgreement(read, schema, mutated, label);
    expect(() => read({ ...body, name: 'a' })).toThrow(/name/);
  });

  it("compiles zod's checks the contract uses exactly: bounds, steps, integers, patterns, enum-keyed records, null, discriminated unions", () => {
    const schema = z.object({
      count: z.number().int().nonnegative(),
      amount: z.number().min(0).max(5).multipleOf(0.0001),
      ratio: z.number().gt(0).lt(1),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      texts: z.partialRecord(z.enum(['es', 'fr']), z.string()),
      both: z.record(z.enum(['a', 'b']), z.number()),
      none: z.null(),
      pick: z.discriminatedUnion('ok', [
        z.object({ ok: z.literal(true), value: z.string() }),
        z.object({ ok: z.literal(false), value: z.null() }),
      ]),
    });
    const read = evaluate(schema);
    const body = {
      count: 3,
      amount: 1.2345,
      ratio: 0.5,
      day: '2025-01-31',
      texts: { es: 'hola' },
      both: { a: 1, b: 2 },
      none: null,
      pick: { ok: true, value: 'x' },
    };
    expectAgreement(read, schema, body, 'valid');
    for (const [label, mutated] of mutationsOf(body)) expectAgreement(read, schema, mutated, label);
    for (const [label, variant] of [
      ['a fraction', { ...body, count: 1.5 }],
      ['an unsafe integer', { ...body, count: 2 ** 60 }],
      ['below the minimum', { ...body, amount: -0.0001 }],
      ['between steps', { ...body, amount: 1.00001 }],
      ['on an open bound', { ...body, ratio: 1 }],
      ['off the pattern', { ...body, day: '31.01.2025' }],
      ['an unknown key', { ...body, texts: { pt: 'olá' } }],
      ['a missing key', { ...body, both: { a: 1 } }],
      ['the other option', { ...body, pick: { ok: false, value: null } }],
      ['a mixed option', { ...body, pick: { ok: false, value: 'x' } }],
    ] as const)
      expectAgreement(read, schema, variant, label);
  });

  it.each([
    ['a string format', z.object({ email: z.email() }), /format 'email'/],
    ['a number format', z.object({ count: z.int32() }), /number format 'int32'/],
    ['an exclusive union', z.xor([z.string(), z.number()]), /exclusive union/],
    ['a string check other than a minimum length', z.object({ name: z.string().max(3) }), /'max_length' check/],
    ['a refinement', z.object({ a: z.string() }).refine((value) => value.a !== ''), /'custom' check/],
    ['a transform', z.object({ a: z.string().transform((value) => value.length) }), /'pipe'/],
    ['a default', z.object({ a: z.string().default('x') }), /'default'/],
    ['a strict object', z.strictObject({ a: z.string() }), /catchall/],
    ['a record keyed by a checked string', z.record(z.string().min(2), z.string()), /record keyed/],
  ])('refuses %s rather than checking it loosely', (_name, schema, message) => {
    expect(() => compileReader(schema)).toThrow(message);
  });

  it('compiles every JSON answer of the contract, or says which part it cannot', () => {
    // Not every entry is read by the mini app, but any may be: none may fail the build silently.
    for (const [id, entry] of Object.entries(CONTRACT)) {
      if ('responseType' in entry && entry.responseType === 'binary') continue;
      expect(() => evaluate(entry.response), id).not.toThrow();
    }
    expect(() => evaluate(CONTRACT.miningStatus.response)).not.toThrow();
  });
});

describe('the endpoint table', () => {
  it('is what `npm run generate:api` writes from the contract today', async () => {
    const generated = endpointTableSources();
    const onDisk = await endpointTableOnDisk();
    const isCurrent = (name: string) => {
      const [code, file] = [generated.get(name), onDisk.get(name)];
      return code !== undefined && file !== undefined && withoutFormatting(code) === withoutFormatting(file);
    };
    const stale = [...new Set([...generated.keys(), ...onDisk.keys()])].filter((name) => !isCurrent(name));
    expect(stale, 'src/lib/endpoints/ differs from the contract: run `npm run generate:api`').toEqual([]);
    expect([...generated.keys()].filter((name) => !name.startsWith('readers/'))).toHaveLength(
      Object.keys(CONTRACT).length,
    );
  });

  it('holds each entry as the contract says: method, path filled and encoded, file answers, forms', () => {
    const adminUser = new Function('shape', 'checks', `return ${compileEndpoint('adminUser')};`)(shape, checks) as {
      method: string;
      path: (params: Record<string, string>) => string;
    };
    expect(adminUser.method).toBe('GET');
    expect(adminUser.path({ id: 'a/b c' })).toBe('/admin/users/a%2Fb%20c');
    expect(compileEndpoint('adminUsersExport')).toContain('file: true');
    expect(compileEndpoint('adminUsersExport')).not.toContain('read:');
    expect(compileEndpoint('uploadAvatar')).toContain('form: uploadCall');
    expect(compileEndpoint('smartSuggestion')).toContain('unsuccessful: true');
    expect(miningStatusEndpoint).toMatchObject({ method: 'GET', path: CONTRACT.miningStatus.path });
  });

  it('compares code as prettier leaves it, and tells any other difference', () => {
    const code = `export const a = { b: shape.oneOf(["x", 1]), c: (p) => "/a/" + p["id"] };`;
    const formatted = `export const a = {\n  b: shape.oneOf(['x', 1]),\n  c: (p) => '/a/' + p['id'],\n};\n`;
    expect(withoutFormatting(formatted)).toBe(withoutFormatting(code));
    expect(withoutFormatting(code.replace('1]', '2]'))).not.toBe(withoutFormatting(code));
    expect(withoutFormatting(code.replace('"x", ', ''))).not.toBe(withoutFormatting(code));
  });

  it('fails on an unknown contract id', () => {
    expect(() => compileEndpoint('noSuchCall')).toThrow(/no contract entry 'noSuchCall'/);
  });
});
