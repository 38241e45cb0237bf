import { Button, Caption, Select, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ADMIN_USERS_PAGE_SIZE, type AdminUserSort, type AdminUserSummary } from '@ziver/shared';
import { formatAmount, formatDateTime } from '@/lib/format';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useUserList, useUsersExport } from '../api/users';
import { useAdminTranslation } from '../i18n';
import { useSearchState } from '../hooks/use-search-state';
import { useWideLayout } from '../hooks/use-wide-layout';
import { userListQueryOf } from '../utils/user-list-query';
import { WalletsExport } from './wallets-export';
import { useErrorText } from '../utils/use-error-text';
import { Pager } from './pager';
import { UserFilterForm } from './user-filters';
import { UsersTable } from './users-table';

const SORT_CHOICES = [
  'joined_desc',
  'joined_asc',
  'last_seen_desc',
  'last_seen_asc',
  'zp_desc',
  'zp_asc',
] as const satisfies readonly `${AdminUserSort}_${'asc' | 'desc'}`[];

/**
 * Users: everyone, newest sign-ups first, a page at a time; narrowed by a search and filters,
 * ordered by joined, last seen or ZP, all kept in the address (?q=&role=&suspended=&telegram=
 * &referredBy=&sort=&dir=&page=). Cards on a phone, a table at desktop width; a username opens
 * the user's page. "Export CSV" downloads every page under the same filters and order.
 */
export function UsersPanel({ onOpen }: { onOpen: (userId: string) => void }) {
  const errorText = useErrorText();
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchState();
  const query = userListQueryOf(params);
  const list = useUserList(query);
  const exportCsv = useUsersExport();
  const isWide = useWideLayout();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ADMIN_USERS_PAGE_SIZE)) : 1;
  const { page, ...filtersAndOrder } = query;
  return (
    <div className="zv-admin-list" data-testid="admin-users">
      <UserFilterForm
        // Drawn again when the address changes (Back, a shared link), so the form shows what is applied.
        key={params.toString()}
        value={query}
        onApply={(next) => setParams({ ...next, page: null }, { push: true })}
      />
      <div className="zv-admin-card zv-admin-users-bar">
        <Select
          header={t('users.list.sortLabel')}
          value={`${query.sort}_${query.dir}`}
          onChange={(event) => {
            const choice = event.target.value;
            const dir = choice.endsWith('_asc') ? 'asc' : 'desc';
            setParams({ sort: choice.slice(0, choice.length - dir.length - 1), dir, page: null });
          }}
          data-testid="admin-user-sort"
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`users.list.sorts.${choice}`)}
            </option>
          ))}
        </Select>
        <Button
          size="m"
          mode="bezeled"
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(filtersAndOrder)}
          data-testid="admin-user-export"
        >
          {t('users.list.export')}
        </Button>
      </div>
      <WalletsExport />
      {exportCsv.isError && (
        <Notice tone="error" testId="admin-user-export-error">
          {t('users.list.exportFailed', { message: errorText(exportCsv.error) })}
        </Notice>
      )}
      {list.isPending ? (
        <InlineLoader />
      ) : list.isError ? (
        <Notice tone="error" testId="admin-users-error">
          {t('inbox.failed', { message: errorText(list.error) })}
        </Notice>
      ) : list.data.users.length === 0 ? (
        <Notice tone="info" testId="admin-user-none">
          {t('users.noResults')}
        </Notice>
      ) : (
        <>
          <Caption level="1" className="zv-muted" data-testid="admin-user-total">
            {t('users.list.total', { count: list.data.total })}
          </Caption>
          {isWide ? (
            <UsersTable users={list.data.users} sort={{ column: query.sort, direction: query.dir }} onOpen={onOpen} />
          ) : (
            <ul className="zv-admin-list">
              {list.data.users.map((user) => (
                <UserCard key={user.id} user={user} onOpen={onOpen} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setParams({ page: next === 1 ? null : next }, { push: true })}
            labels={{
              previous: t('users.list.previous'),
              next: t('users.list.next'),
              page: t('audit.page', { page, pages }),
            }}
            testId="admin-users-pager"
          />
        </>
      )}
    </div>
  );
}

/** A user at phone width: name, role, contact, balances, joined and last seen; a tap opens the page. */
function UserCard({ user, onOpen }: { user: AdminUserSummary; onOpen: (userId: string) => void }) {
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <li>
      <button
        type="button"
        className="zv-admin-card zv-admin-user-row"
        onClick={() => onOpen(user.id)}
        data-testid="admin-user-result"
        data-user-id={user.id}
      >
        <Text weight="2">
          {user.username} · {tApp(`settings.account.info.roles.${user.role}`)}
          {user.suspended_at ? ' ⛔' : ''}
        </Text>
        <Caption level="1" className="zv-muted">
          {[user.email, user.telegram_username && `@${user.telegram_username}`].filter(Boolean).join(' · ')}
        </Caption>
        <Caption level="1">
          {formatAmount(user.zp_balance, i18n.language)} ZP · {formatAmount(user.seb_balance, i18n.language)} SEB
        </Caption>
        <Caption level="1" className="zv-muted">
          {t('users.list.joined', { date: date(user.created_at) })} ·{' '}
          {user.last_seen_at ? t('users.list.lastSeen', { date: date(user.last_seen_at) }) : t('users.list.neverSeen')}
        </Caption>
      </button>
    </li>
  );
}
