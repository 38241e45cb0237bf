import { Input, Select } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@ziver/shared';
import { useAdminTranslation } from '../i18n';
import { NO_USER_FILTERS, type UserFilters } from '../utils/user-list-query';
import { FilterForm } from './filter-form';

const trimmed = (draft: UserFilters): UserFilters => ({
  ...draft,
  q: draft.q.trim(),
  referredBy: draft.referredBy.trim(),
});

/**
 * The users list's search and filters, applied together on "Search" (typing does not reload the
 * list); an empty form lists everyone, newest sign-ups first.
 */
export function UserFilterForm({ value, onApply }: { value: UserFilters; onApply: (next: UserFilters) => void }) {
  const { t } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  return (
    <FilterForm
      value={value}
      empty={NO_USER_FILTERS}
      onApply={onApply}
      normalize={trimmed}
      className="zv-admin-user-filters"
      testId={{ form: 'admin-user-filters', apply: 'admin-user-search-submit', clear: 'admin-user-filters-clear' }}
      labels={{ apply: t('users.search'), clear: t('users.list.clear') }}
    >
      {(draft, field) => (
        <>
          <Input
            header={t('users.searchLabel')}
            aria-label={t('users.searchLabel')}
            placeholder={t('users.searchPlaceholder')}
            value={draft.q}
            onChange={field('q')}
            data-testid="admin-user-search"
          />
          <Select
            header={t('table.role')}
            value={draft.role}
            onChange={field('role')}
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
            onChange={field('suspended')}
            data-testid="admin-user-suspended-filter"
          >
            <option value="">{t('users.list.any')}</option>
            <option value="true">{t('users.list.suspendedYes')}</option>
            <option value="false">{t('users.list.suspendedNo')}</option>
          </Select>
          <Select
            header={t('users.list.telegramLabel')}
            value={draft.telegram}
            onChange={field('telegram')}
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
            onChange={field('referredBy')}
            data-testid="admin-user-referrer-filter"
          />
        </>
      )}
    </FilterForm>
  );
}
