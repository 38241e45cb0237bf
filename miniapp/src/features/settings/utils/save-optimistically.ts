export type SaveOutcome = { ok: true; message: string } | { ok: false; error: unknown };

/** A preference change: the value to show, the one to go back to, and how to show and save it. */
export type SaveOptions<T> = {
  next: T;
  previous: T;
  apply: (value: T) => void | Promise<void>;
  save: (value: T) => Promise<{ message: string }>;
  /** The value shown now; the revert is skipped when it is no longer `next`. */
  current: () => T;
};

/**
 * Applies a preference at once, then saves it (docs/spec.md §4: theme, language and notification
 * toggles are optimistic). If the server refuses, the previous value comes back, unless the
 * user has already moved on to another value.
 */
export async function saveOptimistically<T>({
  next,
  previous,
  apply,
  save,
  current,
}: SaveOptions<T>): Promise<SaveOutcome> {
  await apply(next);
  try {
    const { message } = await save(next);
    return { ok: true, message };
  } catch (error) {
    if (current() === next) await apply(previous);
    return { ok: false, error };
  }
}
