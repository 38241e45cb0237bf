import { describe, expect, it } from 'vitest';
import {
  TASK_RULE_TYPES,
  channelMembershipResult,
  createTaskRequestSchema,
  evaluateRule,
  evaluateTaskRules,
  taskShapeIssues,
  updateTaskRequestSchema,
  type UserTaskStats,
} from './tasks.js';

const zeroStats: UserTaskStats = {
  mining_streak: 0,
  referral_count: 0,
  zp_balance: 0,
  tasks_completed: 0,
  social_capital_score: 0,
  mining_session_duration: 0,
};

describe('evaluateRule', () => {
  for (const ruleType of TASK_RULE_TYPES) {
    describe(ruleType, () => {
      const rule = { rule_type: ruleType, expectedValue: 10 };
      it('is not valid below the threshold, with the numbers and what is missing', () => {
        const result = evaluateRule(rule, { ...zeroStats, [ruleType]: 9 });
        expect(result).toMatchObject({ rule_type: ruleType, isValid: false, expectedValue: 10, actualValue: 9 });
        expect(result.message).toContain('9/10');
        expect(result.message).toContain('1 more needed');
      });
      it('is valid at the threshold', () => {
        const result = evaluateRule(rule, { ...zeroStats, [ruleType]: 10 });
        expect(result).toMatchObject({ isValid: true, actualValue: 10 });
        expect(result.message).toContain('done');
      });
      it('is valid above the threshold', () => {
        expect(evaluateRule(rule, { ...zeroStats, [ruleType]: 11 })).toMatchObject({ isValid: true, actualValue: 11 });
      });
    });
  }

  it('refuses an unknown rule type instead of passing it', () => {
    expect(evaluateRule({ rule_type: 'karma', expectedValue: 1 }, zeroStats)).toMatchObject({ isValid: false });
  });
  it('treats a zero threshold as met', () => {
    expect(evaluateRule({ rule_type: 'zp_balance', expectedValue: 0 }, zeroStats).isValid).toBe(true);
  });
  it('compares decimal balances exactly at the threshold', () => {
    expect(
      evaluateRule({ rule_type: 'zp_balance', expectedValue: 99.5 }, { ...zeroStats, zp_balance: 99.4999 }).isValid,
    ).toBe(false);
    expect(
      evaluateRule({ rule_type: 'zp_balance', expectedValue: 99.5 }, { ...zeroStats, zp_balance: 99.5 }).isValid,
    ).toBe(true);
  });
});

describe('evaluateTaskRules', () => {
  const rules = [
    { rule_type: 'mining_streak', expectedValue: 4 },
    { rule_type: 'zp_balance', expectedValue: 100 },
  ];

  it('averages each rule’s progress, capped per rule, and floors the percentage', () => {
    const progress = evaluateTaskRules(rules, { ...zeroStats, mining_streak: 1, zp_balance: 500 });
    expect(progress).toMatchObject({ percentage: 62, canComplete: false, completedCount: 1, totalCount: 2 });
    expect(progress.progress).toHaveLength(2);
  });
  it('is 100 and completable only when every rule is met', () => {
    expect(evaluateTaskRules(rules, { ...zeroStats, mining_streak: 4, zp_balance: 100 })).toMatchObject({
      percentage: 100,
      canComplete: true,
      completedCount: 2,
    });
    expect(evaluateTaskRules(rules, { ...zeroStats, mining_streak: 4, zp_balance: 99.99 }).percentage).toBe(99);
  });
  it('makes a task without rules (a link task) completable', () => {
    expect(evaluateTaskRules([], zeroStats)).toEqual({
      percentage: 100,
      canComplete: true,
      completedCount: 0,
      totalCount: 0,
      progress: [],
    });
  });
  it('counts extra checks such as channel membership', () => {
    const notMember = evaluateTaskRules([], zeroStats, [channelMembershipResult(false, 'Join the channel')]);
    expect(notMember).toMatchObject({ percentage: 0, canComplete: false, totalCount: 1 });
    expect(notMember.progress[0]).toMatchObject({ rule_type: 'channel_membership', expectedValue: 1, actualValue: 0 });
    expect(evaluateTaskRules([], zeroStats, [channelMembershipResult(true, 'ok')]).canComplete).toBe(true);
  });
});

describe('task schemas', () => {
  const base = { title: 'Mine a lot', description: 'Keep mining', zp_reward: 10 };

  it('fills defaults for a rule task', () => {
    const parsed = createTaskRequestSchema.parse({
      ...base,
      rules: [{ rule_type: 'mining_streak', expectedValue: 3 }],
    });
    expect(parsed).toMatchObject({ kind: 'rule', seb_reward: 0, sort_order: 0, link_url: null, channel: null });
  });
  it('refuses a rule task without rules, a link task without an https link, a channel task without a channel', () => {
    expect(createTaskRequestSchema.safeParse(base).success).toBe(false);
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'link' }).success).toBe(false);
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'link', link_url: 'http://x.com/a' }).success).toBe(
      false,
    );
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'link', link_url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'link', link_url: 'https://x.com/a' }).success).toBe(
      true,
    );
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'channel' }).success).toBe(false);
    expect(createTaskRequestSchema.safeParse({ ...base, kind: 'channel', channel: '@ziver_news' }).success).toBe(true);
  });
  it('refuses unknown rule types, negative rewards and duplicate rules', () => {
    const rule = { rule_type: 'mining_streak', expectedValue: 3 };
    expect(
      createTaskRequestSchema.safeParse({ ...base, rules: [{ rule_type: 'karma', expectedValue: 1 }] }).success,
    ).toBe(false);
    expect(createTaskRequestSchema.safeParse({ ...base, rules: [rule], zp_reward: -1 }).success).toBe(false);
    expect(createTaskRequestSchema.safeParse({ ...base, rules: [rule, rule] }).success).toBe(false);
  });
  it('needs at least one field to update', () => {
    expect(updateTaskRequestSchema.safeParse({}).success).toBe(false);
    expect(updateTaskRequestSchema.safeParse({ title: 'New' }).success).toBe(true);
  });
  it('reports shape issues of a merged task', () => {
    expect(taskShapeIssues({ kind: 'link', link_url: null, channel: null, rules: [] })).toEqual([
      'A link task needs a link_url',
    ]);
  });
});
