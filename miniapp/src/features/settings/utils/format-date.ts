import { formatDate } from '@/lib/format';

/** A creation date like 'January 5, 2025' in English (localised otherwise), or null when missing or invalid. */
export function formatAccountDate(value: string | null | undefined, language: string): string | null {
  return formatDate(value, language, 'long');
}
