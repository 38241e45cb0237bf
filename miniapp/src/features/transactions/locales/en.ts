/** Texts of the transaction history page (English, the source). */
const historyEn = {
  title: 'Transaction history',
  menuLabel: 'History',
  subtitle: 'Everything you earned and spent, entry by entry.',
  balances: {
    label: 'Balances',
    earned: 'Earned',
    spent: 'Spent',
    names: { ZP: 'ZP balance', SEB: 'SEB score' },
  },
  chart: {
    title: 'Earnings',
    periodLabel: 'Chart period',
    periods: { week: 'Week', month: 'Month', year: 'Year' },
    ranges: { week: 'Last 7 days', month: 'Last 30 days', year: 'Last 12 months' },
    empty: 'No earnings in this period yet.',
    summary: '{{range}}: {{zp}} ZP and {{seb}} SEB earned.',
    hint: 'Use the left and right arrow keys to read each bar.',
    toggleCurrency: 'Show {{currency}} in the chart',
    tableCaption: 'Earnings by date',
    date: 'Date',
    earned: '+{{amount}} {{currency}}',
  },
  filters: {
    label: 'Filters',
    search: 'Search',
    searchPlaceholder: 'Search descriptions, tasks...',
    type: 'Type',
    currency: 'Currency',
    allTypes: 'All',
    allCurrencies: 'All',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
  },
  list: {
    label: 'Transactions',
    count_one: '{{count}} transaction',
    count_other: '{{count}} transactions',
    loading: 'Loading transactions',
  },
  pager: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{total}}',
    showing: '{{first}}-{{last}} of {{total}}',
  },
  empty: {
    title: 'No transactions yet',
    body: 'Start mining to earn your first ZP. Every reward will show up here.',
    action: 'Start Mining',
    filteredTitle: 'No matching transactions',
    filteredBody: 'Nothing matches these filters. Try others, or clear them.',
  },
  details: {
    title: 'Transaction details',
    date: 'Date',
    description: 'Description',
    reference: 'Reference',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    meta: {
      taskTitle: 'Task',
      feedbackTitle: 'Feedback',
      duration: 'Duration',
      sebPoints: 'SEB points',
      streak: 'Streak',
    },
  },
  errors: {
    history: 'Failed to fetch transaction history: {{status}}',
    balance: 'Failed to fetch balance summary: {{status}}',
    stats: 'Failed to fetch transaction stats: {{status}}',
    transaction: 'Failed to fetch transaction: {{status}}',
    networkStatus: 'network error',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type HistoryTranslation = DeepString<typeof historyEn>;

export default historyEn;
