import type { TFunction } from 'i18next';
import { COMMAND_LINE_ACTOR_ID, type AuditLogEntry } from '@ziver/shared';
import { formatAmount, formatSignedAmount } from '@/lib/format';

/**
 * One line saying what an audit entry changed ("role USER → TESTER", "+500 ZP: Welcome"), in the
 * reader's language, or null when the action's name says it all. The entries' before/after are
 * JSON written by the server over the years, so every field is read defensively: a shape this
 * code does not know gives no line (the raw detail is still one click away), never an error.
 */
type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const shown = (value: unknown, language: string): string =>
  typeof value === 'number' ? formatAmount(value, language) : value === null ? '∅' : String(value);

/** "key a → b" for each top-level plain value that changed (settings, a task's fields). */
function changedFields(before: Fields, after: Fields, language: string): string | null {
  const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  const parts = Object.keys(after)
    .filter((key) => plain(after[key]) && plain(before[key] ?? null) && before[key] !== after[key])
    .map((key) => `${key} ${shown(before[key] ?? null, language)} → ${shown(after[key], language)}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function auditSummary(entry: AuditLogEntry, t: TFunction<'admin'>, language: string): string | null {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const signed = (amount: number, currency: string) => `${formatSignedAmount(amount, language)} ${currency}`;
  switch (entry.action) {
    case 'user.role': {
      const [from, to] = [text(before.role), text(after.role)];
      return from && to ? t('audit.summary.role', { from, to }) : null;
    }
    case 'user.adjust': {
      const [amount, currency, reason] = [num(after.amount), text(after.currency), text(after.reason)];
      if (amount === null || !currency) return null;
      return reason
        ? t('audit.summary.adjust', { amount: signed(amount, currency), reason })
        : signed(amount, currency);
    }
    case 'user.suspend': {
      const reason = text(after.reason);
      return reason ? t('audit.summary.suspend', { reason }) : null;
    }
    case 'user.message': {
      const [result, message] = [text(after.result), text(after.text)];
      return result && message ? t('audit.summary.message', { result, text: message }) : null;
    }
    case 'feedback.update': {
      const [from, to] = [text(before.status), text(after.status)];
      return from && to ? t('audit.summary.status', { from, to }) : null;
    }
    case 'feedback.reward': {
      const parts = (['zp', 'seb'] as const).flatMap((key) => {
        const amount = num(after[key]);
        return amount ? [signed(amount, key.toUpperCase())] : [];
      });
      return parts.length > 0 ? parts.join(' · ') : null;
    }
    case 'system.lockdown':
      return typeof after.enabled === 'boolean'
        ? t(after.enabled ? 'audit.summary.lockdownOn' : 'audit.summary.lockdownOff')
        : null;
    case 'announcement.send': {
      const count = num(after.recipients);
      return count === null ? null : t('audit.summary.recipients', { count });
    }
    case 'announcement.withdraw_notice': {
      const count = num(after.inAppRecipients);
      return count === null ? null : t('audit.summary.recipients', { count });
    }
    case 'announcement.cancel': {
      const count = num(after.cancelledDeliveries);
      return count === null ? null : t('audit.summary.cancelled', { count });
    }
    case 'task.create':
      return text(after.title);
    case 'users.export':
    case 'wallets.export': {
      const count = num(after.rows);
      return count === null ? null : t('audit.summary.rows', { count });
    }
    case 'system.mining':
    case 'system.daily_login':
    case 'task.update':
      return changedFields(before, after, language);
    default:
      return null;
  }
}

const TARGET_TYPES = ['setting', 'task', 'announcement', 'feedback', 'user', 'export', 'integrity_ring'] as const;

/**
 * What an entry was about when it names no user, in the reader's language: a task by its title,
 * else the kind of thing ("Setting", "Task"); an unknown kind as stored; null when it names nothing.
 */
export function auditAbout(entry: AuditLogEntry, t: TFunction<'admin'>): string | null {
  if (entry.target_user) return entry.target_user.username ?? entry.target_user.id;
  if (!entry.target_id && entry.target_type !== 'export') return null;
  const type = TARGET_TYPES.find((known) => known === entry.target_type);
  if (!type) return entry.target_type;
  const title = type === 'task' ? (text(fieldsOf(entry.after).title) ?? text(fieldsOf(entry.before).title)) : null;
  return title ? `${t('audit.about.task')}: ${title}` : t(`audit.about.${type}`);
}

/** Who acted, when it was no signed-in admin: the command line (`npm run make-admin`); else null. */
export const auditActorLabel = (entry: AuditLogEntry, t: TFunction<'admin'>): string | null =>
  entry.admin.id === COMMAND_LINE_ACTOR_ID ? t('audit.commandLine') : null;
