import { Button, Caption } from '@telegram-apps/telegram-ui';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { ADMIN_ACTIONS } from '@ziver/shared';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { useAdminTranslation } from '../i18n';
import { oneOf, pageOf, useSearchState } from '../hooks/use-search-state';
import { useErrorText } from '../utils/use-error-text';
import { AuditEntry } from './audit-entry';
import { AuditFilterForm } from './audit-filters';
import { AuditTable } from './audit-table';
import { useWideLayout } from '../hooks/use-wide-layout';

/** The filters as the address keeps them (?actor=&action=&target=&from=&to=); an unknown action is none. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const text = (key: string) => params.get(key) ?? '';
  return {
    actor: text('actor'),
    action: oneOf(ADMIN_ACTIONS, params.get('action')) ?? '',
    target: text('target'),
    from: text('from'),
    to: text('to'),
  };
}

/**
 * The audit log, newest first, a page at a time, narrowed by the filters; both are in the address,
 * so a refresh, Back and a shared link keep them. Cards on a phone, a table at desktop width (a
 * header sorts the page shown). A username opens that user's page
 * (/admin/users/:id); closing it comes back to the same filtered page.
 */
export function AuditLog({ onOpenUser }: { onOpenUser: (userId: string) => void }) {
  const { t } = useAdminTranslation();
  const errorText = useErrorText();
  // The page is in the address (?page=2, each turn a history entry); the filters start it again.
  const [params, setParams] = useSearchState();
  const page = pageOf(params.get('page'));
  const setPage = (next: number) => setParams({ page: next === 1 ? null : next }, { push: true });
  const filters = filtersOf(params);
  const log = useAuditLog(page, filters);
  const isWide = useWideLayout();
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <div className="zv-admin-list" data-testid="admin-audit">
      <AuditFilterForm
        // Drawn again when the address changes (Back, a shared link), so the form shows what is applied.
        key={params.toString()}
        value={filters}
        onApply={(next) => {
          setParams({ ...next, page: null }, { push: true });
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
          {isWide ? (
            <AuditTable entries={log.data.entries} onOpenUser={onOpenUser} />
          ) : (
            <ul className="zv-admin-list" data-testid="admin-audit-entries">
              {log.data.entries.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} onOpenUser={onOpenUser} />
              ))}
            </ul>
          )}
          <div className="zv-admin-pager">
            <Button
              size="s"
              mode="bezeled"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              data-testid="admin-audit-newer"
            >
              {t('audit.newer')}
            </Button>
            <Caption level="1" data-testid="admin-audit-page">
              {t('audit.page', { page, pages })}
            </Caption>
            <Button
              size="s"
              mode="bezeled"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
              data-testid="admin-audit-older"
            >
              {t('audit.older')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
