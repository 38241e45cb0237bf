import { describe, expect, it } from 'vitest';
import {
  IDLE,
  linkTaskFlowReducer,
  PENDING_LINK_TASK_KEY,
  savePendingLinkTask,
  takePendingLinkTask,
  type LinkTaskEvent,
  type LinkTaskFlow,
} from './link-task-flow';

const TASK = { id: 'task-1', title: 'Follow Ziver on X', url: 'https://x.com/ZiverOfficial' };

const run = (events: LinkTaskEvent[], from: LinkTaskFlow = IDLE) => events.reduce(linkTaskFlowReducer, from);

describe('link-task flow', () => {
  it('goes confirm → opened → ask → completing → idle', () => {
    expect(run([{ type: 'start', task: TASK }])).toEqual({ step: 'confirm', task: TASK });
    expect(run([{ type: 'start', task: TASK }, { type: 'popup_opened' }])).toEqual({ step: 'opened', task: TASK });
    const asking = run([{ type: 'start', task: TASK }, { type: 'popup_opened' }, { type: 'returned' }]);
    expect(asking).toEqual({ step: 'ask', task: TASK });
    const completing = linkTaskFlowReducer(asking, { type: 'answer', hasCompleted: true });
    expect(completing).toEqual({ step: 'completing', task: TASK });
    expect(linkTaskFlowReducer(completing, { type: 'settled' })).toEqual(IDLE);
  });

  it('offers the same tab when the popup is blocked, and can still open a popup from there', () => {
    const blocked = run([{ type: 'start', task: TASK }, { type: 'popup_blocked' }]);
    expect(blocked).toEqual({ step: 'blocked', task: TASK });
    expect(linkTaskFlowReducer(blocked, { type: 'popup_opened' })).toEqual({ step: 'opened', task: TASK });
    expect(linkTaskFlowReducer(blocked, { type: 'cancel' })).toEqual(IDLE);
  });

  it('asks after a reload when the link was opened in this tab', () => {
    expect(run([{ type: 'resume', task: TASK }])).toEqual({ step: 'ask', task: TASK });
  });

  it('"not yet" and cancel end the flow without completing', () => {
    const asking: LinkTaskFlow = { step: 'ask', task: TASK };
    expect(linkTaskFlowReducer(asking, { type: 'answer', hasCompleted: false })).toEqual(IDLE);
    expect(run([{ type: 'start', task: TASK }, { type: 'cancel' }])).toEqual(IDLE);
  });

  it('ignores events that do not fit the step', () => {
    const confirm: LinkTaskFlow = { step: 'confirm', task: TASK };
    expect(linkTaskFlowReducer(confirm, { type: 'returned' })).toBe(confirm);
    expect(linkTaskFlowReducer(confirm, { type: 'answer', hasCompleted: true })).toBe(confirm);
    expect(linkTaskFlowReducer(confirm, { type: 'start', task: { ...TASK, id: 'other' } })).toBe(confirm);
    const completing: LinkTaskFlow = { step: 'completing', task: TASK };
    expect(linkTaskFlowReducer(completing, { type: 'cancel' })).toBe(completing);
    expect(linkTaskFlowReducer(IDLE, { type: 'popup_opened' })).toBe(IDLE);
  });
});

describe('the link opened in this tab', () => {
  it('is remembered once and forgotten when read', () => {
    const now = Date.parse('2025-01-05T10:00:00.000Z');
    savePendingLinkTask(window.sessionStorage, TASK, now);
    expect(takePendingLinkTask(window.sessionStorage, now + 60_000)).toEqual(TASK);
    expect(takePendingLinkTask(window.sessionStorage, now + 60_000)).toBeNull();
  });

  it('is forgotten when too old or malformed', () => {
    const now = Date.parse('2025-01-05T10:00:00.000Z');
    savePendingLinkTask(window.sessionStorage, TASK, now);
    expect(takePendingLinkTask(window.sessionStorage, now + 2 * 3_600_000)).toBeNull();
    window.sessionStorage.setItem(PENDING_LINK_TASK_KEY, '{not json');
    expect(takePendingLinkTask(window.sessionStorage, now)).toBeNull();
  });
});
