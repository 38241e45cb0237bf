import { useState } from 'react';
import { Button, Caption } from '@telegram-apps/telegram-ui';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { AUDIT_PAGE_SIZE, NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';
import { AuditEntry } from './audit-entry';
import { AuditFilterForm } from './audit-filters';
import { UserPage } from './user-page';

/**
 * The audit log, newest first, a page at a time, narrowed by the filters. A username opens that
 * user's page here (the console's sections have no addresses of their own yet); closing it comes
 * back to the same page of the log with the same filters.
 */
export function AuditLog() {
  const { t } = useAdminTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const log = useAuditLog(page, filters);
  if (openUser) return <UserPage userId={openUser} onClose={() => setOpenUser(null)} />;
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <div className="zv-admin-list" data-testid="admin-audit">
      <AuditFilterForm
        value={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {log.isPending ? (
        <InlineLoader />
      ) : log.isError ? (
        <Notice tone="error" testId="admin-audit-error">
          {t('audit.loadFailed')} {errorText(log.error)}
        </Notice>
      ) : log.data.entries.length === 0 ? (
        <Notice tone="info" testId="admin-audit-empty">
          {t('audit.empty')}
        </Notice>
      ) : (
        <>
          <ul className="zv-admin-list" data-testid="admin-audit-entries">
            {log.data.entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} onOpenUser={setOpenUser} />
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
        </>
      )}
    </div>
  );
}
