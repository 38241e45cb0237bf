/** The task a link flow is about: enough to open it, ask about it and complete it. */
export type LinkTarget = { id: string; title: string; url: string };

/**
 * The link-task flow (docs/spec.md §5): confirm → open the link in a popup → when the popup closes or the
 * user comes back, ask whether they completed it → complete (no body: the answer is the confirmation). A blocked
 * popup offers opening the link in this tab instead; coming back to the page then asks the same
 * question.
 */
export type LinkTaskFlow =
  | { step: 'idle' }
  | { step: 'confirm'; task: LinkTarget }
  | { step: 'opened'; task: LinkTarget }
  | { step: 'blocked'; task: LinkTarget }
  | { step: 'ask'; task: LinkTarget }
  | { step: 'completing'; task: LinkTarget };

export type LinkTaskEvent =
  | { type: 'start'; task: LinkTarget }
  | { type: 'cancel' }
  /** window.open gave a window back. */
  | { type: 'popup_opened' }
  /** window.open gave null: the browser blocked the popup. */
  | { type: 'popup_blocked' }
  /** The popup closed, or the user came back to this tab. */
  | { type: 'returned' }
  /** The page loaded again after the link was opened in this tab. */
  | { type: 'resume'; task: LinkTarget }
  | { type: 'answer'; hasCompleted: boolean }
  | { type: 'settled' };

export const IDLE: LinkTaskFlow = { step: 'idle' };

/** The next step; an event that does not fit the current step changes nothing. */
export function linkTaskFlowReducer(flow: LinkTaskFlow, event: LinkTaskEvent): LinkTaskFlow {
  switch (event.type) {
    case 'start':
      return flow.step === 'idle' ? { step: 'confirm', task: event.task } : flow;
    case 'resume':
      return flow.step === 'idle' ? { step: 'ask', task: event.task } : flow;
    case 'cancel':
      return flow.step === 'completing' ? flow : IDLE;
    case 'popup_opened':
      return flow.step === 'confirm' || flow.step === 'blocked' ? { step: 'opened', task: flow.task } : flow;
    case 'popup_blocked':
      return flow.step === 'confirm' ? { step: 'blocked', task: flow.task } : flow;
    case 'returned':
      return flow.step === 'opened' ? { step: 'ask', task: flow.task } : flow;
    case 'answer':
      if (flow.step !== 'ask') return flow;
      return event.hasCompleted ? { step: 'completing', task: flow.task } : IDLE;
    case 'settled':
      return flow.step === 'completing' ? IDLE : flow;
  }
}

/** Where a link opened in this tab is remembered, so the question can be asked on return. */
export const PENDING_LINK_TASK_KEY = 'ziver-pending-link-task';
/** A remembered link older than this is forgotten rather than asked about. */
export const PENDING_LINK_TASK_MAX_AGE_MS = 60 * 60_000;

type PendingLinkTask = LinkTarget & { openedAt: number };

export function savePendingLinkTask(storage: Storage, task: LinkTarget, now: number = Date.now()): void {
  try {
    storage.setItem(PENDING_LINK_TASK_KEY, JSON.stringify({ ...task, openedAt: now } satisfies PendingLinkTask));
  } catch {
    // Blocked storage: the user can still complete the task from its card later.
  }
}

/** Reads and forgets the remembered link task; null when none, malformed or too old. */
export function takePendingLinkTask(storage: Storage, now: number = Date.now()): LinkTarget | null {
  let raw: string | null;
  try {
    raw = storage.getItem(PENDING_LINK_TASK_KEY);
    storage.removeItem(PENDING_LINK_TASK_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingLinkTask>;
    const { id, title, url, openedAt } = value;
    if (typeof id !== 'string' || typeof title !== 'string' || typeof url !== 'string') return null;
    if (typeof openedAt !== 'number' || now - openedAt > PENDING_LINK_TASK_MAX_AGE_MS || now < openedAt) return null;
    return { id, title, url };
  } catch {
    return null;
  }
}
