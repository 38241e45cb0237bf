import { useTranslation } from 'react-i18next';
import type { AdminUserSummary } from '@ziver/shared';
import { formatAmount } from '@/lib/format';
import { useAdminTranslation } from '../i18n';
import { DataTable, type TableColumn } from './data-table';

const contactOf = (user: AdminUserSummary) =>
  [user.email, user.telegram_username && `@${user.telegram_username}`].filter(Boolean).join(' · ');

/** The search results as a sortable table (desktop width); a username opens the user's page. */
export function UsersTable({ users, onOpen }: { users: AdminUserSummary[]; onOpen: (userId: string) => void }) {
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const roleOf = (user: AdminUserSummary) => tApp(`settings.account.info.roles.${user.role}`);
  const columns: TableColumn<AdminUserSummary>[] = [
    {
      id: 'user',
      label: t('table.user'),
      value: (user) => user.username,
      cell: (user) => (
        <button
          type="button"
          className="zv-admin-table__link"
          onClick={() => onOpen(user.id)}
          data-testid="admin-user-result"
        >
          {user.username}
        </button>
      ),
    },
    { id: 'role', label: t('table.role'), value: roleOf, cell: roleOf },
    { id: 'contact', label: t('table.contact'), value: (user) => contactOf(user) || null, cell: contactOf },
    {
      id: 'status',
      label: t('table.status'),
      value: (user) => (user.suspended_at ? 1 : 0),
      cell: (user) => (user.suspended_at ? `⛔ ${t('table.suspended')}` : t('users.active')),
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
      value: (user) => user.seb_balance,
      cell: (user) => formatAmount(user.seb_balance, i18n.language),
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
    />
  );
}
