import { useEffect, useRef, useState } from 'react';
import { Button, Input, Select } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, TRANSACTION_TYPES } from '@ziver/shared/core';
import { TRANSACTION_SEARCH_MAX } from '@ziver/shared';
import { hasActiveFilters, type CurrencyFilter, type HistoryState, type TypeFilter } from '../utils/history-query';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 350;

type FilterPatch = Partial<Pick<HistoryState, 'type' | 'currency' | 'startDate' | 'endDate' | 'search'>>;

/** Search (debounced), type, currency and date range. The values live in the URL (see useHistoryState). */
export function HistoryFilters({
  state,
  onChange,
  onClear,
}: {
  state: HistoryState;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(state.search);
  // The search last sent to the URL: a URL change from elsewhere (back, clear) resets the box,
  // our own debounced write does not.
  const sent = useRef(state.search);

  useEffect(() => {
    if (state.search === sent.current) return;
    sent.current = state.search;
    setText(state.search);
  }, [state.search]);

  useEffect(() => {
    const value = text.trim();
    if (value === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = value;
      onChange({ search: value });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onChange]);

  return (
    <section className="zv-card zv-filters" aria-label={t('history.filters.label')}>
      <Input
        type="search"
        className="zv-filters__search"
        header={t('history.filters.search')}
        aria-label={t('history.filters.search')}
        placeholder={t('history.filters.searchPlaceholder')}
        value={text}
        maxLength={TRANSACTION_SEARCH_MAX}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
        data-testid="history-search"
      />
      <div className="zv-filters__row zv-filters__row--selects">
        <Select
          header={t('history.filters.type')}
          aria-label={t('history.filters.type')}
          value={state.type}
          onChange={(event) => onChange({ type: event.target.value as TypeFilter })}
          data-testid="history-type-filter"
        >
          <option value="all">{t('history.filters.allTypes')}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`transactions.types.${type}`)}
            </option>
          ))}
        </Select>
        <Select
          header={t('history.filters.currency')}
          aria-label={t('history.filters.currency')}
          value={state.currency}
          onChange={(event) => onChange({ currency: event.target.value as CurrencyFilter })}
          data-testid="history-currency-filter"
        >
          <option value="all">{t('history.filters.allCurrencies')}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </Select>
      </div>
      <div className="zv-filters__row">
        <Input
          type="date"
          header={t('history.filters.from')}
          aria-label={t('history.filters.from')}
          value={state.startDate}
          max={state.endDate || undefined}
          onChange={(event) => onChange({ startDate: event.target.value })}
          data-testid="history-start-date"
        />
        <Input
          type="date"
          header={t('history.filters.to')}
          aria-label={t('history.filters.to')}
          value={state.endDate}
          min={state.startDate || undefined}
          onChange={(event) => onChange({ endDate: event.target.value })}
          data-testid="history-end-date"
        />
      </div>
      {hasActiveFilters(state) && (
        <Button
          size="s"
          mode="plain"
          className="zv-filters__clear"
          onClick={() => {
            setText('');
            onClear();
          }}
          data-testid="history-clear-filters"
        >
          {t('history.filters.clear')}
        </Button>
      )}
    </section>
  );
}
