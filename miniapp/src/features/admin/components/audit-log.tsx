import { useState } from 'react';
import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import type { AuditLogEntry } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { useAdminTranslation } from '../i18n';

function AuditEntry({ entry }: { entry: AuditLogEntry }) {
  const { t, i18n } = useAdminTranslation();
  const date = formatDateTime(entry.created_at, i18n.language, { timeStyle: 'medium' });
  return (
    <li className="zv-admin-card" data-testid="admin-audit-entry">
      <Text weight="2">{t(`audit.actions.${entry.action}`)}</Text>
      <Caption level="1" className="zv-muted">
        {t('audit.by', { username: entry.admin.username ?? entry.admin.id, date })} · {entry.target_type}{' '}
        {entry.target_id}
      </Caption>
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
    </li>
  );
}

/** The audit log, newest first, a page at a time. */
export function AuditLog() {
  const { t } = useAdminTranslation();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  if (log.isPending) return <InlineLoader />;
  if (log.isError)
    return (
      <Notice tone="error" testId="admin-audit-error">
        {t('audit.loadFailed')}
      </Notice>
    );
  const pages = Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE));
  if (log.data.entries.length === 0)
    return (
      <Notice tone="info" testId="admin-audit-empty">
        {t('audit.empty')}
      </Notice>
    );
  return (
    <div data-testid="admin-audit">
      <ul className="zv-admin-list">
        {log.data.entries.map((entry) => (
          <AuditEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      <div className="zv-admin-pager">
        <Button size="s" mode="bezeled" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('audit.newer')}
        </Button>
        <Caption level="1">{t('audit.page', { page, pages })}</Caption>
        <Button size="s" mode="bezeled" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('audit.older')}
        </Button>
      </div>
    </div>
  );
}
