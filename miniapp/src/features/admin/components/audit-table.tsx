import type { AuditLogEntry } from '@ziver/shared';
import { formatDateTime } from '@/lib/format';
import { useAdminTranslation } from '../i18n';
import { auditAbout, auditActorLabel, auditSummary } from '../utils/audit-summary';
import { ActorLink, AuditRaw, PersonLink } from './audit-entry';
import { DataTable, type TableColumn } from './data-table';

/**
 * One page of the audit log as a table (desktop width): when, what, by whom, about whom, the
 * summary and the raw detail. A header sorts this page (the log itself comes newest first);
 * a username opens that user's page.
 */
export function AuditTable({
  entries,
  onOpenUser,
}: {
  entries: AuditLogEntry[];
  onOpenUser: (userId: string) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const actionOf = (entry: AuditLogEntry) => t(`audit.actions.${entry.action}`);
  const aboutOf = (entry: AuditLogEntry) => auditAbout(entry, t);
  const columns: TableColumn<AuditLogEntry>[] = [
    {
      id: 'when',
      label: t('table.when'),
      value: (entry) => entry.created_at,
      cell: (entry) => formatDateTime(entry.created_at, i18n.language, { timeStyle: 'medium' }),
    },
    { id: 'action', label: t('table.action'), value: actionOf, cell: actionOf },
    {
      id: 'by',
      label: t('table.by'),
      value: (entry) => auditActorLabel(entry, t) ?? entry.admin.username ?? entry.admin.id,
      cell: (entry) => <ActorLink entry={entry} onOpen={onOpenUser} />,
    },
    {
      id: 'about',
      label: t('table.about'),
      value: aboutOf,
      cell: (entry) =>
        entry.target_user ? (
          <PersonLink person={entry.target_user} onOpen={onOpenUser} testId="admin-audit-target-link" />
        ) : (
          <span className="zv-muted">{aboutOf(entry)}</span>
        ),
    },
    {
      id: 'summary',
      label: t('table.summary'),
      wraps: true,
      cell: (entry) => {
        const summary = auditSummary(entry, t, i18n.language);
        return (
          <>
            {summary && (
              <span className="zv-admin-audit-summary" data-testid="admin-audit-summary">
                {summary}
              </span>
            )}
            <AuditRaw entry={entry} />
          </>
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      label={t('tabs.audit')}
      testId="admin-audit-table"
      rowTestId="admin-audit-entry"
      rowData={(entry) => ({ 'data-action': entry.action })}
      initialSort={{ column: 'when', direction: 'desc' }}
    />
  );
}
