import { formatDate } from '@/lib/format';

/** A member-since date like 'January 5, 2025' (localised), or null when missing or invalid. */
export function formatMemberSince(value: string | null | undefined, language: string): string | null {
  return formatDate(value, language, 'long');
}
