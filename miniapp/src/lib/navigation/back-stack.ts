/**
 * The back actions registered by what is on screen, newest on top: a page registers its
 * "back to the parent", a modal registers its "close" while it is open. Telegram's BackButton
 * runs the top one.
 */
type Entry = { readonly id: number; readonly run: () => void };

let entries: readonly Entry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Entry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

export const backStack = {
  /** Adds a back action on top; returns its removal. `run` is read when back is pressed. */
  push(run: () => void): () => void {
    const entry: Entry = { id: nextId++, run };
    publish([...entries, entry]);
    return () => publish(entries.filter((other) => other.id !== entry.id));
  },
  /** The action back should run now, or null when nothing registered one. */
  top(): (() => void) | null {
    return entries.at(-1)?.run ?? null;
  },
  /** How many actions are registered (a snapshot for useSyncExternalStore). */
  size(): number {
    return entries.length;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
