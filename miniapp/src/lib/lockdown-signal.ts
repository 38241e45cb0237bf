type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * A tiny event channel between the API client and whoever handles maintenance mode: the client
 * reports an answer with code 'LOCKDOWN' here, and the lockdown watcher opens /lockdown at once.
 * `lib/` cannot import a feature, so the two meet here instead.
 */
export const lockdownSignal = {
  emit(): void {
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
