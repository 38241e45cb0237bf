/**
 * How one statement answers its batch: each key's callers get what `resolve` or `reject` gives
 * them. A key answered once stays answered (a later call for it does nothing).
 */
export type BatchAnswers<V> = {
  resolve(key: string, value: V): void;
  reject(key: string, error: unknown): void;
};

export type CoalescerOptions<T, V> = {
  /** The key of a request: callers of one key in one statement share its answer. */
  key(request: T): string;
  /**
   * Runs one statement for `requests` (one per key, in arrival order) and answers each key
   * through `answers`. Keys it leaves unanswered get its error if it throws, or an error
   * naming the omission if it returns. The statement's slot stays taken until it settles.
   */
  run(requests: readonly T[], answers: BatchAnswers<V>): Promise<void>;
  /** Most keys one statement carries. */
  maxBatch: number;
  /** How many statements run at once; callers arriving meanwhile wait for the next one. */
  maxInFlight: number;
  /**
   * A key is in at most one statement at a time, and each caller gets an answer of its own: a
   * second caller of a key waits (queued, while later keys go ahead) until the statement with
   * the first has settled, then goes in a later one (a second claim sees the first one's
   * effect). Without it, callers of a key in the same statement share its answer.
   */
  onePerKey?: boolean;
};

/**
 * Natural batching, the one way callers share a statement (docs/decisions.md §15): a lone call
 * runs at once; calls that arrive while `maxInFlight` statements are under way queue and go
 * together in the next one, which starts after they arrived (so none sees data older than its
 * call), at most `maxBatch` keys. No timer: a lone call waits for nothing. A statement's failure
 * reaches its callers only. Holds its queue in the closure: each owner (an app's auth state,
 * status cache, claim use case) creates its own.
 */
export function createCoalescer<T, V>(options: CoalescerOptions<T, V>): (request: T) => Promise<V> {
  const { key: keyOf, run, maxBatch, maxInFlight } = options;
  const onePerKey = options.onePerKey === true;

  type Waiter = { request: T; key: string; resolve: (value: V) => void; reject: (error: unknown) => void };
  let queue: Waiter[] = [];
  let inFlight = 0;
  // Keys in a statement under way (onePerKey only).
  const busy = new Set<string>();

  const start = (batch: Map<string, Waiter[]>) => {
    inFlight++;
    if (onePerKey) for (const key of batch.keys()) busy.add(key);
    const requests = [...batch.values()].map((callers) => callers[0]!.request);
    const settle = (key: string, answer: (waiter: Waiter) => void) => {
      const callers = batch.get(key);
      if (!callers) return;
      batch.delete(key);
      for (const waiter of callers) answer(waiter);
    };
    const answers: BatchAnswers<V> = {
      resolve: (key, value) => settle(key, (waiter) => waiter.resolve(value)),
      reject: (key, error) => settle(key, (waiter) => waiter.reject(error)),
    };
    const rejectRest = (error: unknown) => {
      for (const key of [...batch.keys()]) answers.reject(key, error);
    };
    const keys = onePerKey ? requests.map(keyOf) : [];
    let statement: Promise<void>;
    try {
      statement = run(requests, answers);
    } catch (error) {
      statement = Promise.reject(error); // a `run` that throws before its promise: the same failure
    }
    void statement
      .then(
        () => rejectRest(new Error(`coalesced statement left ${batch.size} key(s) unanswered`)),
        (error: unknown) => rejectRest(error),
      )
      .finally(() => {
        inFlight--;
        for (const key of keys) busy.delete(key);
        pump();
      });
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = new Map<string, Waiter[]>();
      const rest: Waiter[] = [];
      for (const waiter of queue) {
        const callers = batch.get(waiter.key);
        if (callers && !onePerKey) callers.push(waiter);
        else if (!callers && batch.size < maxBatch && !busy.has(waiter.key)) batch.set(waiter.key, [waiter]);
        else rest.push(waiter);
      }
      queue = rest;
      if (batch.size === 0) return; // every queued key is in a statement already
      start(batch);
    }
  };

  return (request) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ request, key: keyOf(request), resolve, reject });
      pump();
    });
}
