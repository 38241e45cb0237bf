import { AppError } from '@ziver/shared';

/**
 * Bounds the image work of uploads: decoding a large image takes a core (and a thread of
 * libuv's pool, which argon2 sign-ins share) for a long while, so without a bound a burst of
 * uploads starves every other request. Built once by the server and passed to the upload routes.
 */
export type DecodeQueue = {
  /**
   * Runs `job` once fewer than `concurrency` jobs are running, in arrival order. Throws 503
   * SERVER_BUSY at once, before `job` starts, when `maxWaiting` jobs are already waiting.
   */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly concurrency: number;
  readonly maxWaiting: number;
};

export function createDecodeQueue(options: { concurrency: number; maxWaiting: number }): DecodeQueue {
  const { concurrency, maxWaiting } = options;
  let running = 0;
  const waiting: (() => void)[] = [];

  // A finished job hands its slot straight to the next one, so `running` never dips in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    concurrency,
    maxWaiting,
    async run(job) {
      if (running < concurrency) running++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new AppError('SERVER_BUSY', 'upload.busy');
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
