import { useState, type FormEvent } from 'react';
import { Button, Input, Select } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@ziver/shared';
import { useAdminTranslation } from '../i18n';
import { NO_USER_FILTERS, type UserFilters, type YesNo } from '../utils/user-list-query';

/**
 * The users list's search and filters, applied together on "Search" (typing does not reload the
 * list); an empty form lists everyone, newest sign-ups first.
 */
export function UserFilterForm({ value, onApply }: { value: UserFilters; onApply: (next: UserFilters) => void }) {
  const { t } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const [draft, setDraft] = useState(value);
  const set = (key: keyof UserFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim(), referredBy: draft.referredBy.trim() });
  };
  return (
    <form
      className="zv-admin-card zv-admin-audit-filters zv-admin-user-filters"
      onSubmit={onSubmit}
      noValidate
      data-testid="admin-user-filters"
    >
      <Input
        header={t('users.searchLabel')}
        aria-label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        value={draft.q}
        onChange={set('q')}
        data-testid="admin-user-search"
      />
      <Select
        header={t('table.role')}
        value={draft.role}
        onChange={(event) => setDraft((d) => ({ ...d, role: event.target.value as Role | '' }))}
        data-testid="admin-user-role-filter"
      >
        <option value="">{t('users.list.any')}</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {tApp(`settings.account.info.roles.${role}`)}
          </option>
        ))}
      </Select>
      <Select
        header={t('users.list.suspendedLabel')}
        value={draft.suspended}
        onChange={(event) => setDraft((d) => ({ ...d, suspended: event.target.value as YesNo | '' }))}
        data-testid="admin-user-suspended-filter"
      >
        <option value="">{t('users.list.any')}</option>
        <option value="true">{t('users.list.suspendedYes')}</option>
        <option value="false">{t('users.list.suspendedNo')}</option>
      </Select>
      <Select
        header={t('users.list.telegramLabel')}
        value={draft.telegram}
        onChange={(event) => setDraft((d) => ({ ...d, telegram: event.target.value as YesNo | '' }))}
        data-testid="admin-user-telegram-filter"
      >
        <option value="">{t('users.list.any')}</option>
        <option value="true">{t('users.list.telegramYes')}</option>
        <option value="false">{t('users.list.telegramNo')}</option>
      </Select>
      <Input
        header={t('users.list.referredBy')}
        aria-label={t('users.list.referredBy')}
        placeholder={t('users.list.referredByHint')}
        value={draft.referredBy}
        onChange={set('referredBy')}
        data-testid="admin-user-referrer-filter"
      />
      <div className="zv-admin-audit-filters__actions">
        <Button type="submit" size="m" stretched data-testid="admin-user-search-submit">
          {t('users.search')}
        </Button>
        <Button
          type="button"
          size="m"
          mode="gray"
          stretched
          onClick={() => {
            setDraft(NO_USER_FILTERS);
            onApply(NO_USER_FILTERS);
          }}
          data-testid="admin-user-filters-clear"
        >
          {t('users.list.clear')}
        </Button>
      </div>
    </form>
  );
}
