import { Caption, Text } from '@telegram-apps/telegram-ui';
import type { AuditLogEntry } from '@ziver/shared';
import { formatDateTime } from '@/lib/format';
import { useAdminTranslation } from '../i18n';
import { auditAbout, auditActorLabel, auditSummary } from '../utils/audit-summary';

/** A username that opens that user's page (an id when the account is gone). */
export function PersonLink({
  person,
  onOpen,
  testId,
}: {
  person: { id: string; username: string | null };
  onOpen: (userId: string) => void;
  testId: string;
}) {
  return (
    <button type="button" className="zv-admin-link" onClick={() => onOpen(person.id)} data-testid={testId}>
      {person.username ?? person.id}
    </button>
  );
}

/** Who acted: the admin's link, or the command line (no account to open). */
export function ActorLink({ entry, onOpen }: { entry: AuditLogEntry; onOpen: (userId: string) => void }) {
  const { t } = useAdminTranslation();
  const label = auditActorLabel(entry, t);
  return label ? (
    <span data-testid="admin-audit-actor-link">{label}</span>
  ) : (
    <PersonLink person={entry.admin} onOpen={onOpen} testId="admin-audit-actor-link" />
  );
}

/** One audit entry: what, who to whom, a one-line summary, when; the raw before/after behind a disclosure. */
export function AuditEntry({ entry, onOpenUser }: { entry: AuditLogEntry; onOpenUser: (userId: string) => void }) {
  const { t, i18n } = useAdminTranslation();
  const date = formatDateTime(entry.created_at, i18n.language, { timeStyle: 'medium' });
  const summary = auditSummary(entry, t, i18n.language);
  const target = entry.target_user;
  const about = target ? null : auditAbout(entry, t);
  return (
    <li className="zv-admin-card" data-testid="admin-audit-entry" data-action={entry.action}>
      <Text weight="2">{t(`audit.actions.${entry.action}`)}</Text>
      <Caption level="1" data-testid="admin-audit-people">
        <ActorLink entry={entry} onOpen={onOpenUser} />
        {target && (
          <>
            {' → '}
            <PersonLink person={target} onOpen={onOpenUser} testId="admin-audit-target-link" />
          </>
        )}
        {about && <span className="zv-muted"> → {about}</span>}
      </Caption>
      {summary && (
        <Text className="zv-admin-audit-summary" data-testid="admin-audit-summary">
          {summary}
        </Text>
      )}
      <Caption level="1" className="zv-muted">
        {date}
      </Caption>
      <AuditRaw entry={entry} />
    </li>
  );
}

/** An entry's stored before/after, behind a disclosure. */
export function AuditRaw({ entry }: { entry: AuditLogEntry }) {
  const { t } = useAdminTranslation();
  return (
    <details className="zv-admin-raw" data-testid="admin-audit-raw">
      <summary>{t('audit.raw')}</summary>
      <div className="zv-admin-diff">
        <div>
          <Caption level="1" weight="2">
            {t('audit.before')}
          </Caption>
          <pre>{JSON.stringify(entry.before, null, 2)}</pre>
        </div>
        <div>
          <Caption level="1" weight="2">
            {t('audit.after')}
          </Caption>
          <pre data-testid="admin-audit-after">{JSON.stringify(entry.after, null, 2)}</pre>
        </div>
      </div>
      {entry.target_id && (
        <Caption level="1" className="zv-muted">
          {entry.target_type} {entry.target_id}
        </Caption>
      )}
    </details>
  );
}
