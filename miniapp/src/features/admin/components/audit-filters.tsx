import { useState, type FormEvent } from 'react';
import { Button, Input, Select } from '@telegram-apps/telegram-ui';
import { ADMIN_ACTIONS, type AdminAction } from '@ziver/shared';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit-log';
import { useAdminTranslation } from '../i18n';

/** The audit log's filters: applied together on "Filter" (typing does not reload the log). */
export function AuditFilterForm({ value, onApply }: { value: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useAdminTranslation();
  const [draft, setDraft] = useState(value);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      className="zv-admin-card zv-admin-audit-filters"
      onSubmit={onSubmit}
      noValidate
      data-testid="admin-audit-filters"
    >
      <Input
        header={t('audit.filters.actor')}
        aria-label={t('audit.filters.actor')}
        placeholder={t('audit.filters.personHint')}
        value={draft.actor}
        onChange={set('actor')}
        data-testid="admin-audit-actor"
      />
      <Select
        header={t('audit.filters.action')}
        value={draft.action}
        onChange={(event) => setDraft((d) => ({ ...d, action: event.target.value as AdminAction | '' }))}
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
        onChange={set('target')}
        data-testid="admin-audit-target"
      />
      <Input
        header={t('audit.filters.from')}
        aria-label={t('audit.filters.from')}
        type="date"
        value={draft.from}
        onChange={set('from')}
        data-testid="admin-audit-from"
      />
      <Input
        header={t('audit.filters.to')}
        aria-label={t('audit.filters.to')}
        type="date"
        value={draft.to}
        onChange={set('to')}
        data-testid="admin-audit-to"
      />
      <div className="zv-admin-audit-filters__actions">
        <Button type="submit" size="m" stretched data-testid="admin-audit-apply">
          {t('audit.filters.apply')}
        </Button>
        <Button
          type="button"
          size="m"
          mode="gray"
          stretched
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
          data-testid="admin-audit-clear"
        >
          {t('audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
