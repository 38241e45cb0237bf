import { Input, Select } from '@telegram-apps/telegram-ui';
import { ADMIN_ACTIONS } from '@ziver/shared';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit-log';
import { useAdminTranslation } from '../i18n';
import { FilterForm } from './filter-form';

/** The audit log's filters: applied together on "Filter" (typing does not reload the log). */
export function AuditFilterForm({ value, onApply }: { value: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useAdminTranslation();
  return (
    <FilterForm
      value={value}
      empty={NO_AUDIT_FILTERS}
      onApply={onApply}
      testId={{ form: 'admin-audit-filters', apply: 'admin-audit-apply', clear: 'admin-audit-clear' }}
      labels={{ apply: t('audit.filters.apply'), clear: t('audit.filters.clear') }}
    >
      {(draft, field) => (
        <>
          <Input
            header={t('audit.filters.actor')}
            aria-label={t('audit.filters.actor')}
            placeholder={t('audit.filters.personHint')}
            value={draft.actor}
            onChange={field('actor')}
            data-testid="admin-audit-actor"
          />
          <Select
            header={t('audit.filters.action')}
            value={draft.action}
            onChange={field('action')}
            data-testid="admin-audit-action"
          >
            <option value="">{t('filters.any')}</option>
            {ADMIN_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </Select>
          <Input
            header={t('audit.filters.target')}
            aria-label={t('audit.filters.target')}
            placeholder={t('audit.filters.personHint')}
            value={draft.target}
            onChange={field('target')}
            data-testid="admin-audit-target"
          />
          <Input
            header={t('audit.filters.from')}
            aria-label={t('audit.filters.from')}
            type="date"
            value={draft.from}
            onChange={field('from')}
            data-testid="admin-audit-from"
          />
          <Input
            header={t('audit.filters.to')}
            aria-label={t('audit.filters.to')}
            type="date"
            value={draft.to}
            onChange={field('to')}
            data-testid="admin-audit-to"
          />
        </>
      )}
    </FilterForm>
  );
}
