/** A member-since date like 'January 5, 2025' (localised), or null when missing or invalid. */
export function formatMemberSince(value: string | null | undefined, language: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const locale = language === 'en' ? 'en-US' : language;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
