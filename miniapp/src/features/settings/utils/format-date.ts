/** The locale used for dates: English dates read 'January 5, 2025' (spec §2). */
function dateLocale(language: string): string {
  return language === 'en' ? 'en-US' : language;
}

/** A creation date like 'January 5, 2025' in English (localised otherwise), or null when missing or invalid. */
export function formatAccountDate(value: string | null | undefined, language: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(dateLocale(language), { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
