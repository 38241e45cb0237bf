import type { TFunction } from 'i18next';
import { dateTimeFormat, formatDuration } from '@/lib/format';
import type { TransactionsTranslation } from './locales/en';
import { isReversal, knownTypeOf } from './transaction-format';

type LineKey = Exclude<keyof TransactionsTranslation['lines'], 'reversal'>;

/** What a ledger row says, built from its `type` and `metadata` only (never the stored English description). */
export type TransactionText = {
  /** "Mining reward", "Referral bonus (reversed)". */
  title: string;
  /** The entry's detail in the reader's language, e.g. "anna started mining"; null when there is none. */
  line: string | null;
};

export type TransactionEntry = {
  type: string;
  currency: string;
  description: string;
  metadata?: Record<string, unknown> | null;
};

function text(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function positive(metadata: Record<string, unknown>, key: string): number | null {
  const value = metadata[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The title of an entry: its type's (or SEB title's) label, wrapped when it is a reversal. */
export function transactionTitle(entry: TransactionEntry, t: TFunction): string {
  const known = knownTypeOf(entry.type);
  const reversed = isReversal(entry.type);
  // The same title for the ZP and the SEB entry of one reward: the currency badge beside it tells
  // them apart ("Daily login SEB points" beside a SEB badge said it twice).
  const baseTitle = t(`transactions.types.${known ?? 'other'}`);
  return reversed ? t('transactions.reversal', { label: baseTitle }) : baseTitle;
}

/**
 * An entry's detail line before it is rendered: a text key with the values it interpolates
 * (null for the key's generic text), the stored description (a type this client does not know),
 * or nothing. Kept apart from the rendering so search can render the same keys without values
 * (transaction-search.ts).
 */
export type LinePlan = { key: string; values: Record<string, string> | null } | { stored: string } | null;

export function transactionLinePlan(
  entry: TransactionEntry,
  language: string,
  options: { taskTitle?: (taskId: string) => string | undefined } = {},
): LinePlan {
  const metadata = entry.metadata ?? {};
  const known = knownTypeOf(entry.type);
  if (!known) return entry.description.trim() ? { stored: entry.description.trim() } : null;

  const pick = (key: LineKey, values: Record<string, string> | null) => ({
    key: `transactions.lines.${key}.${values ? 'detail' : 'generic'}`,
    values,
  });
  const named = (field: string) => {
    const username = text(metadata, field);
    return username ? { username } : null;
  };

  if (isReversal(entry.type)) {
    if (known === 'referral_bonus') return pick('referral_bonus_reversal', named('referrerUsername'));
    if (known === 'referral_reward')
      // Taken back by an operator's integrity review (event 'integrity_ring'), or by the referral's removal.
      return pick(
        metadata.event === 'integrity_ring' ? 'referral_reward_review' : 'referral_reward_reversal',
        named('friendUsername'),
      );
    return { key: 'transactions.lines.reversal', values: null };
  }

  switch (known) {
    case 'mining_reward': {
      const minutes = positive(metadata, 'duration');
      return pick('mining_reward', minutes ? { duration: formatDuration(minutes * 60, language) } : null);
    }
    case 'task_reward': {
      const taskId = text(metadata, 'taskId');
      const title = (taskId && options.taskTitle?.(taskId)) || text(metadata, 'taskTitle');
      return pick('task_reward', title ? { title } : null);
    }
    case 'referral_bonus':
      return pick('referral_bonus', named('referrerUsername'));
    case 'referral_reward':
      return pick('referral_reward', named('friendUsername'));
    case 'feedback_reward': {
      const feedbackTitle = text(metadata, 'feedbackTitle');
      return pick('feedback_reward', feedbackTitle ? { title: feedbackTitle } : null);
    }
    case 'daily_login': {
      const day = text(metadata, 'day');
      // The reward's UTC day, shown as that calendar date wherever the reader is.
      const at = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
      const date =
        at && !Number.isNaN(at.getTime())
          ? dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(at)
          : null;
      return pick('daily_login', date ? { date } : null);
    }
    case 'admin_adjustment': {
      // The reason is the admin's own words, shown as written.
      const reason = text(metadata, 'reason');
      return pick('admin_adjustment', reason ? { reason } : null);
    }
    case 'withdrawal':
    case 'purchase':
      return null;
  }
}

/** The text of a line plan in the reader's language. */
export function renderLine(plan: LinePlan, t: TFunction): string | null {
  if (!plan) return null;
  if ('stored' in plan) return plan.stored;
  // The values differ per key (username, title, date...); i18next's key types cannot follow that.
  const plainT = t as unknown as (key: string, values?: Record<string, string>) => string;
  return plan.values ? plainT(plan.key, plan.values) : plainT(plan.key);
}

/**
 * The title and detail line of one ledger entry in the reader's language. Old rows lacking a
 * detail still read sensibly ("A friend started mining"); an unknown type shows the stored
 * description, the only text there is for it. `taskTitle` lets a caller holding the tasks list
 * show the task's title in the reader's language instead of the one stored at completion.
 */
export function transactionText(
  entry: TransactionEntry,
  t: TFunction,
  language: string,
  options: { taskTitle?: (taskId: string) => string | undefined } = {},
): TransactionText {
  return { title: transactionTitle(entry, t), line: renderLine(transactionLinePlan(entry, language, options), t) };
}
