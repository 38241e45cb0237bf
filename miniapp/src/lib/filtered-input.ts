/**
 * The value a filtered text field keeps (digits only, upper case, a length cap), written back to
 * the field itself. The app renders with Preact (docs/decisions/preact.md), whose controlled
 * inputs re-render only when the state changes: typing a letter into a digits-only field keeps
 * the same state, so nothing would take the letter back out of the field. React did that for us.
 */
export function filteredInput(field: HTMLInputElement | HTMLTextAreaElement, filter: (raw: string) => string): string {
  const kept = filter(field.value);
  if (field.value !== kept) field.value = kept;
  return kept;
}
