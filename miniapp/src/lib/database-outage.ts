type Listener = () => void;

const listeners = new Set<Listener>();
let isDown = false;

/**
 * Whether the server said its database is unreachable (503 'DATABASE_UNAVAILABLE'). The API
 * client reports every answer; the outage notice shows while the last word was "down" and goes
 * away with the next successful call (the server recovers by itself).
 */
export const databaseOutage = {
  report(isUp: boolean): void {
    if (isDown === !isUp) return;
    isDown = !isUp;
    for (const listener of listeners) listener();
  },
  isDown: (): boolean => isDown,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
