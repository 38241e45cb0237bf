import { useMemo } from 'react';

/** Numbers and UTC days in the console's language, shared by every part of the dashboard. */
export function useDashboardFormat(language: string) {
  return useMemo(() => {
    const full = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return {
      formatNumber: (value: number, isCompact = false) => (isCompact ? compact : full).format(value),
      formatPercent: (share: number) => percent.format(share),
      formatDay: (day: string) => (day ? date.format(new Date(`${day}T00:00:00Z`)) : ''),
    };
  }, [language]);
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>;
