import { HistoryScreen } from '@/features/transactions/components/history-screen';

export default function HistoryRoute() {
  return <HistoryScreen />;
}
