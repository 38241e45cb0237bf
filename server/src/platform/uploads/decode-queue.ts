import { AppError } from '@ziver/shared';

/**
 * Bounds the image work of uploads: decoding a large image takes a core (and a thread of
 * libuv's pool, which argon2 sign-ins share) for a long while, so without a bound a burst of
 * uploads starves every other request. Shared fairly: one user holds at most `maxPerOwner`
 * places (running or waiting), so one user's flood of heavy images cannot fill it for everyone
 * else. Built once by the server and passed to the upload routes.
 */
export type DecodeQueue = {
  /**
   * Runs `job` once fewer than `concurrency` jobs are running, in arrival order. Throws 503
   * SERVER_BUSY at once, before `job` starts, when `maxWaiting` jobs are already waiting, or
   * when `owner` (the uploading user) already holds `maxPerOwner` places.
   */
  run<T>(job: () => Promise<T>, owner?: string): Promise<T>;
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly maxPerOwner: number;
};

/** Places one user may hold by default: one running, one waiting. */
export const DECODES_PER_OWNER = 2;

export function createDecodeQueue(options: {
  concurrency: number;
  maxWaiting: number;
  maxPerOwner?: number;
}): DecodeQueue {
  const { concurrency, maxWaiting, maxPerOwner = DECODES_PER_OWNER } = options;
  let running = 0;
  const waiting: (() => void)[] = [];
  // Places held per owner (running and waiting); an owner with none has no entry.
  const held = new Map<string, number>();

  // A finished job hands its slot straight to the next one, so `running` never dips in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const take = (owner: string | undefined) => {
    if (owner === undefined) return;
    if ((held.get(owner) ?? 0) >= maxPerOwner) throw new AppError('SERVER_BUSY', 'upload.ownImagesBusy');
    held.set(owner, (held.get(owner) ?? 0) + 1);
  };
  const give = (owner: string | undefined) => {
    if (owner === undefined) return;
    const left = (held.get(owner) ?? 1) - 1;
    if (left > 0) held.set(owner, left);
    else held.delete(owner);
  };

  return {
    concurrency,
    maxWaiting,
    maxPerOwner,
    async run(job, owner) {
      take(owner);
      try {
        if (running < concurrency) running++;
        else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
        else throw new AppError('SERVER_BUSY', 'upload.busy');
        try {
          return await job();
        } finally {
          release();
        }
      } finally {
        give(owner);
      }
    },
  };
}
