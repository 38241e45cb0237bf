import { useState } from 'react';

/**
 * A settings form's text fields and their errors: `update(field)` sets a value and clears that
 * field's error, `reset()` empties the form after a successful save.
 */
export function useFormFields<V extends Record<string, string>>(empty: V) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const update = (field: keyof V) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return { values, errors, setErrors, update, reset: () => setValues(empty) };
}
