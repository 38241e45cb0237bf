import { describe, expect, it } from 'vitest';
import { AppError } from '@ziver/shared';
import { createDecodeQueue } from './decode-queue.js';

/** A job that runs until its test lets it finish, noting when it started. */
function heldJob(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

describe('createDecodeQueue', () => {
  it('runs at most `concurrency` jobs at once and starts the waiting ones in arrival order', async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 2 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldJob(started, name));
    const results = [a, b, c, d].map((held) => queue.run(held!.job));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);

    b!.finish();
    expect(await results[1]).toBe('b');
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    expect(await results[0]).toBe('a');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a job with SERVER_BUSY, without running it, when the waiting places are taken', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
    const started: string[] = [];
    const running = heldJob(started, 'running');
    const waiting = heldJob(started, 'waiting');
    const results = [queue.run(running.job), queue.run(waiting.job)];

    const refused = queue.run(async () => started.push('refused'));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'SERVER_BUSY', messageKey: 'upload.busy', status: 503 });
    expect(started).toEqual(['running']);

    running.finish();
    waiting.finish();
    await Promise.all(results);
    expect(await queue.run(async () => 'after')).toBe('after');
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow('corrupt image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('shares the places fairly: an owner holding maxPerOwner is refused, another owner still gets through', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 4, maxPerOwner: 2 });
    const started: string[] = [];
    const [a1, a2, b] = ['a1', 'a2', 'b'].map((name) => heldJob(started, name));
    const first = [queue.run(a1!.job, 'user-a'), queue.run(a2!.job, 'user-a')];
    const refused = queue.run(async () => started.push('a3'), 'user-a');
    await expect(refused).rejects.toMatchObject({
      code: 'SERVER_BUSY',
      messageKey: 'upload.ownImagesBusy',
      status: 503,
    });
    const other = queue.run(b!.job, 'user-b');
    a1!.finish();
    a2!.finish();
    b!.finish();
    expect(await Promise.all([...first, other])).toEqual(['a1', 'a2', 'b']);
    expect(started).toEqual(['a1', 'a2', 'b']);
    // Its places given back, the owner is taken again.
    expect(await queue.run(async () => 'again', 'user-a')).toBe('again');
  });

  it('gives an owner its place back when its job is refused by a full queue', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 0, maxPerOwner: 1 });
    const started: string[] = [];
    const running = heldJob(started, 'running');
    const result = queue.run(running.job, 'user-a');
    await expect(queue.run(async () => 'x', 'user-b')).rejects.toMatchObject({ messageKey: 'upload.busy' });
    running.finish();
    await result;
    expect(await queue.run(async () => 'b', 'user-b')).toBe('b');
  });
});
