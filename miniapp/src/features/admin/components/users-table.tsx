import { useTranslation } from 'react-i18next';
import type { AdminUserSummary } from '@ziver/shared';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useAdminTranslation } from '../i18n';
import type { SortState } from '../utils/sort-rows';
import { DataTable, type TableColumn } from './data-table';

const contactOf = (user: AdminUserSummary) =>
  [user.email, user.telegram_username && `@${user.telegram_username}`].filter(Boolean).join(' · ');

/** A username that opens that user's page. */
function UserLink({
  user,
  onOpen,
  testId,
}: {
  user: { id: string; username: string };
  onOpen: (userId: string) => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="zv-admin-table__link"
      onClick={() => onOpen(user.id)}
      data-testid={testId}
      data-user-id={user.id}
    >
      {user.username}
    </button>
  );
}

/**
 * One page of the users list as a table (desktop width). Joined, last seen and ZP sort on the
 * server (?sort=&dir=, the whole list, not just this page); a username, and the referrer's,
 * opens that user's page.
 */
export function UsersTable({
  users,
  sort,
  onOpen,
}: {
  users: AdminUserSummary[];
  sort: SortState;
  onOpen: (userId: string) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const roleOf = (user: AdminUserSummary) => tApp(`settings.account.info.roles.${user.role}`);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const columns: TableColumn<AdminUserSummary>[] = [
    {
      id: 'user',
      label: t('table.user'),
      cell: (user) => <UserLink user={user} onOpen={onOpen} testId="admin-user-result" />,
    },
    { id: 'role', label: t('table.role'), cell: roleOf, short: true },
    { id: 'contact', label: t('table.contact'), cell: contactOf, wraps: true },
    {
      id: 'status',
      label: t('table.status'),
      short: true,
      cell: (user) => (user.suspended_at ? `⛔ ${t('table.suspended')}` : t('users.active')),
    },
    {
      id: 'joined',
      label: t('table.joined'),
      value: (user) => user.created_at,
      cell: (user) => date(user.created_at),
    },
    {
      id: 'last_seen',
      label: t('table.lastSeen'),
      value: (user) => user.last_seen_at,
      cell: (user) => (user.last_seen_at ? date(user.last_seen_at) : t('users.list.neverSeen')),
    },
    {
      id: 'zp',
      label: t('table.zp'),
      numeric: true,
      value: (user) => user.zp_balance,
      cell: (user) => formatAmount(user.zp_balance, i18n.language),
    },
    {
      id: 'seb',
      label: t('table.seb'),
      numeric: true,
      cell: (user) => formatAmount(user.seb_balance, i18n.language),
    },
    {
      id: 'referred_by',
      label: t('table.referredBy'),
      cell: (user) =>
        user.referred_by && <UserLink user={user.referred_by} onOpen={onOpen} testId="admin-user-referrer-link" />,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      label={t('tabs.users')}
      testId="admin-users-table"
      rowTestId="admin-user-row"
      serverSort={sort}
      isServerSorted
    />
  );
}
