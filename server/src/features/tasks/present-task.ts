import type { AdminTask, Task, TaskProgress } from '@ziver/shared';
import type { TaskRow } from '../../platform/db/schema.js';

/** The link a task card opens: its link_url, or the t.me link of a public channel. */
function linkOf(task: TaskRow): string | null {
  if (task.linkUrl) return task.linkUrl;
  if (task.kind === 'channel' && task.channel?.startsWith('@')) return `https://t.me/${task.channel.slice(1)}`;
  return null;
}

/** A task as a user sees it, with their completion and progress. */
export function presentTask(task: TaskRow, state: { completedAt: Date | null; progress: TaskProgress }): Task {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    link_url: linkOf(task),
    zp_reward: Number(task.zpReward),
    seb_reward: Number(task.sebReward),
    kind: task.kind,
    is_completed: state.completedAt !== null,
    completed_at: state.completedAt?.toISOString() ?? null,
    progress: state.progress,
  };
}

/** A task as admins see it: the whole row, retired ones included. */
export function presentAdminTask(task: TaskRow): AdminTask {
  return {
    id: task.id,
    slug: task.slug,
    title: task.title,
    description: task.description,
    kind: task.kind,
    link_url: task.linkUrl,
    channel: task.channel,
    rules: (task.rules ?? []).map((r) => ({ rule_type: r.rule_type, expectedValue: Number(r.expectedValue) })),
    zp_reward: Number(task.zpReward),
    seb_reward: Number(task.sebReward),
    sort_order: task.sortOrder,
    retired_at: task.retiredAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
  };
}
