import { Caption, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useHistoryState } from '../hooks/use-history-state';
import { BalanceCards } from './balance-cards';
import { EarningsChart } from './earnings-chart';
import { HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import '../history.css';

/** Transaction history (docs/spec.md §2): balances, earnings chart, filters, list and pagination. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const { state, setFilters, setPage, correctPage, setPeriod, clearFilters } = useHistoryState();

  return (
    <Page testId="history-screen" className="zv-history">
      <div className="zv-page__heading">
        <Title level="2" weight="1" Component="h1">
          {t('history.title')}
        </Title>
        <Caption level="1" className="zv-muted">
          {t('history.subtitle')}
        </Caption>
      </div>
      <BalanceCards />
      <EarningsChart period={state.period} onPeriodChange={setPeriod} />
      <HistoryFilters state={state} onChange={setFilters} onClear={clearFilters} />
      <HistoryList state={state} onPage={setPage} onCorrectPage={correctPage} onClear={clearFilters} />
    </Page>
  );
}
