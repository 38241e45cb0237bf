import { describe, expect, it } from 'vitest';
import { evaluateTaskRules, summariseProgress, type Task } from '@ziver/shared';
import { ApiError } from '@/lib/api-client';
import { markTaskCompleted } from './task-list';
import { taskCardState } from './task-card-state';
import { describeCompletionFailure, isRequirementsNotMet } from './task-errors';
import { toRuleLine } from './rule-line';

const STATS = {
  mining_streak: 1,
  referral_count: 0,
  zp_balance: 55,
  tasks_completed: 0,
  social_capital_score: 10,
  mining_session_duration: 4,
};

function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    title: 'Three days in a row',
    description: 'Claim a mining reward on 3 consecutive days.',
    link_url: null,
    zp_reward: 50,
    seb_reward: 10,
    kind: 'rule',
    is_completed: false,
    completed_at: null,
    progress: evaluateTaskRules([{ rule_type: 'mining_streak', expectedValue: 3 }], STATS),
    ...overrides,
  };
}

describe('task card state', () => {
  it('is in progress while a requirement is unmet', () => {
    const task = buildTask();
    expect(task.progress.percentage).toBe(33);
    expect(taskCardState(task)).toBe('in_progress');
  });

  it('is ready when every requirement is met', () => {
    const task = buildTask({ progress: evaluateTaskRules([{ rule_type: 'zp_balance', expectedValue: 50 }], STATS) });
    expect(taskCardState(task)).toBe('ready');
  });

  it('is a link for a link task with a URL (no rules: always completable)', () => {
    const task = buildTask({ kind: 'link', link_url: 'https://x.com/ZiverOfficial', progress: summariseProgress([]) });
    expect(taskCardState(task)).toBe('link');
  });

  it('keeps a link task with unmet rules in progress, so it is never offered as doable', () => {
    const task = buildTask({ kind: 'link', link_url: 'https://ziver.io' });
    expect(taskCardState(task)).toBe('in_progress');
  });

  it('is completed once done, whatever the progress says', () => {
    expect(taskCardState(buildTask({ is_completed: true }))).toBe('completed');
    expect(
      taskCardState(
        buildTask({ is_completed: true, kind: 'link', link_url: 'https://ziver.io', progress: summariseProgress([]) }),
      ),
    ).toBe('completed');
  });

  it('a channel task follows its membership check', () => {
    const failing = summariseProgress([
      {
        rule_type: 'channel_membership',
        isValid: false,
        message: 'Join the channel, then try again',
        expectedValue: 1,
        actualValue: 0,
      },
    ]);
    expect(taskCardState(buildTask({ kind: 'channel', progress: failing }))).toBe('in_progress');
  });
});

describe('marking a task completed locally', () => {
  it('changes only that task', () => {
    const list = [buildTask(), buildTask({ id: 'task-2' })];
    const next = markTaskCompleted(list, 'task-2', '2025-01-05T10:00:00.000Z');
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ is_completed: true, completed_at: '2025-01-05T10:00:00.000Z' });
    expect(taskCardState(next[1]!)).toBe('completed');
  });
});

describe('completion failures', () => {
  it("reloads the list when the server says 'requirements not met'", () => {
    const error = new ApiError({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'x',
      serverMessage: 'Task requirements not met: Mining streak: 1/3 days (2 more needed)',
      messageKey: 'tasks.requirementsNotMetList',
      params: { reasons: 'Mining streak: 1/3 days (2 more needed)' },
    });
    expect(describeCompletionFailure(error)).toEqual({
      shouldReload: true,
      serverMessage: { message: error.serverMessage, messageKey: error.messageKey, params: error.params },
    });
    // By key, not by sentence: an English look-alike without the key is not the trigger.
    expect(isRequirementsNotMet({ message: 'Task requirements not met: x' })).toBe(false);
  });

  it('reloads on 409 (completed elsewhere) and falls back when there is no server message', () => {
    const conflict = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'x',
      serverMessage: 'Task already completed',
      messageKey: 'tasks.alreadyCompleted',
    });
    expect(describeCompletionFailure(conflict).shouldReload).toBe(true);
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
    expect(describeCompletionFailure(network)).toEqual({ shouldReload: false, serverMessage: null });
  });
});

describe('rule lines', () => {
  it('phrases known rules from their numbers and leaves other checks to the server message', () => {
    const [streak] = evaluateTaskRules([{ rule_type: 'mining_streak', expectedValue: 3 }], STATS).progress;
    expect(toRuleLine(streak!)).toEqual({
      kind: 'rule',
      ruleType: 'mining_streak',
      isValid: false,
      actual: 1,
      expected: 3,
      remaining: 2,
    });
    expect(
      toRuleLine({
        rule_type: 'channel_membership',
        isValid: true,
        message: 'Channel joined',
        expectedValue: 1,
        actualValue: 1,
      }),
    ).toEqual({ kind: 'message', isValid: true, message: 'Channel joined' });
  });
});
