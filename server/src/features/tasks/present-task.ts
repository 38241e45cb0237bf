import {
  TASK_TRANSLATION_LANGUAGES,
  localizeTaskText,
  type AdminTask,
  type Language,
  type Task,
  type TaskProgress,
} from '@ziver/shared';
import type { TaskRow } from '../../platform/db/schema.js';
import type { AdminTaskRow } from './list-admin-tasks.js';

/** The link a task card opens: its link_url, or the t.me link of a public channel. */
function linkOf(task: TaskRow): string | null {
  if (task.linkUrl) return task.linkUrl;
  if (task.kind === 'channel' && task.channel?.startsWith('@')) return `https://t.me/${task.channel.slice(1)}`;
  return null;
}

/** A task as a user sees it, in their language (English where it is not translated), with their progress. */
export function presentTask(
  task: TaskRow,
  state: { completedAt: Date | null; progress: TaskProgress },
  language: Language,
): Task {
  const { title, description } = localizeTaskText(task, language);
  return {
    id: task.id,
    title,
    description,
    link_url: linkOf(task),
    zp_reward: Number(task.zpReward),
    seb_reward: Number(task.sebReward),
    kind: task.kind,
    is_completed: state.completedAt !== null,
    completed_at: state.completedAt?.toISOString() ?? null,
    progress: state.progress,
  };
}

/** Every translation language, each field null when it falls back to English. */
function translationsOf(task: TaskRow): AdminTask['translations'] {
  const stored = task.translations ?? {};
  return Object.fromEntries(
    TASK_TRANSLATION_LANGUAGES.map((language) => [
      language,
      { title: stored[language]?.title || null, description: stored[language]?.description || null },
    ]),
  ) as AdminTask['translations'];
}

/** A task as admins see it: the whole row in every language, retired ones included. */
export function presentAdminTask({ task, completions }: AdminTaskRow): AdminTask {
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
    translations: translationsOf(task),
    completions,
    retired_at: task.retiredAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
  };
}

/** The editable fields, as the audit log records them before and after a change. */
export function auditSnapshotOf(task: TaskRow) {
  const {
    completions: _completions,
    created_at: _createdAt,
    id: _id,
    ...fields
  } = presentAdminTask({
    task,
    completions: 0,
  });
  return fields;
}
