import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';

type FieldChange = (event: { target: { value: string } }) => void;

/**
 * A console list's filters, edited as a draft and applied together on submit (typing does not
 * reload the list); Clear applies `empty` at once. `children` draws the fields from the draft,
 * `field(key)` is a field's change handler.
 */
export function FilterForm<T extends Record<string, string>>({
  value,
  empty,
  onApply,
  normalize = (draft) => draft,
  className,
  testId,
  labels,
  children,
}: {
  value: T;
  empty: T;
  onApply: (next: T) => void;
  /** What is applied from the draft (e.g. trimmed texts). */
  normalize?: (draft: T) => T;
  /** Added to the form's classes. */
  className?: string;
  testId: { form: string; apply: string; clear: string };
  labels: { apply: string; clear: string };
  children: (draft: T, field: (key: keyof T) => FieldChange) => ReactNode;
}) {
  const [draft, setDraft] = useState(value);
  const field =
    (key: keyof T): FieldChange =>
    (event) =>
      setDraft((d) => ({ ...d, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(normalize(draft));
  };
  return (
    <form
      className={['zv-admin-card zv-admin-audit-filters', className].filter(Boolean).join(' ')}
      onSubmit={onSubmit}
      noValidate
      data-testid={testId.form}
    >
      {children(draft, field)}
      <div className="zv-admin-audit-filters__actions">
        <Button type="submit" size="m" stretched data-testid={testId.apply}>
          {labels.apply}
        </Button>
        <Button
          type="button"
          size="m"
          mode="gray"
          stretched
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
          data-testid={testId.clear}
        >
          {labels.clear}
        </Button>
      </div>
    </form>
  );
}
