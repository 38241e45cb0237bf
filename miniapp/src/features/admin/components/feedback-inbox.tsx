import { Select } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_PRIORITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, type AdminFeedbackQuery } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useAdminFeedback } from '../api/get-admin-feedback';
import { useAdminTranslation } from '../i18n';
import { oneOf, useSearchState } from '../hooks/use-search-state';
import { FeedbackCard } from './feedback-card';

/** The feedback inbox: filters by type, priority and status (in the address), then one card per feedback. */
export function FeedbackInbox({ onOpenUser }: { onOpenUser: (userId: string) => void }) {
  const { t } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const [params, setParams] = useSearchState();
  const filters: AdminFeedbackQuery = {
    type: oneOf(FEEDBACK_TYPES, params.get('type')),
    priority: oneOf(FEEDBACK_PRIORITIES, params.get('priority')),
    status: oneOf(FEEDBACK_STATUSES, params.get('status')),
  };
  const inbox = useAdminFeedback(filters);
  const setFilter = (key: keyof AdminFeedbackQuery, value: string) => setParams({ [key]: value });

  return (
    <div className="zv-admin-feedback" data-testid="admin-feedback">
      {/* Laid out like the other lists' filters (admin.css): a grid on a phone, one row on the desktop. */}
      <div className="zv-admin-card zv-admin-audit-filters zv-admin-filters" data-testid="admin-feedback-filters">
        <Select
          header={t('filters.type')}
          value={filters.type ?? ''}
          onChange={(e) => setFilter('type', e.target.value)}
          data-testid="admin-filter-type"
        >
          <option value="">{t('filters.any')}</option>
          {FEEDBACK_TYPES.map((v) => (
            <option key={v} value={v}>
              {tApp(`feedback.form.types.${v}`)}
            </option>
          ))}
        </Select>
        <Select
          header={t('filters.priority')}
          value={filters.priority ?? ''}
          onChange={(e) => setFilter('priority', e.target.value)}
          data-testid="admin-filter-priority"
        >
          <option value="">{t('filters.any')}</option>
          {FEEDBACK_PRIORITIES.map((v) => (
            <option key={v} value={v}>
              {tApp(`feedback.form.priorities.${v}`)}
            </option>
          ))}
        </Select>
        <Select
          header={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
          data-testid="admin-filter-status"
        >
          <option value="">{t('filters.any')}</option>
          {FEEDBACK_STATUSES.map((v) => (
            <option key={v} value={v}>
              {tApp(`feedback.history.statuses.${v}`)}
            </option>
          ))}
        </Select>
      </div>
      {inbox.isPending ? (
        <InlineLoader />
      ) : inbox.isError ? (
        <Notice tone="error" testId="admin-feedback-error">
          {t('inbox.loadFailed')}
        </Notice>
      ) : inbox.data.length === 0 ? (
        <Notice tone="info" testId="admin-feedback-empty">
          {t('inbox.empty')}
        </Notice>
      ) : (
        <ul className="zv-admin-list zv-admin-list--feedback">
          {inbox.data.map((item) => (
            <FeedbackCard key={`${item.id}:${item.updated_at}`} item={item} onOpenUser={onOpenUser} />
          ))}
        </ul>
      )}
    </div>
  );
}
