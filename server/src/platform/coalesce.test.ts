import { describe, expect, it } from 'vitest';
import { createCoalescer, type BatchAnswers, type CoalescerOptions } from './coalesce.js';

// The one helper for "callers that arrive while a statement runs share the next one" (session
// reads, status rows, claims). Its statements here are promises the test settles by hand, so
// each case says exactly which calls were in flight when the others arrived.

type Statement = { keys: string[]; answers: BatchAnswers<string>; finish(): void; fail(error: unknown): void };

/** A coalescer whose statements wait until the test finishes or fails them. */
function harness(options: Partial<CoalescerOptions<string, string>> = {}) {
  const statements: Statement[] = [];
  const call = createCoalescer<string, string>({
    key: (request) => request.split(':')[0]!,
    maxBatch: 100,
    maxInFlight: 1,
    run: (requests, answers) =>
      new Promise<void>((resolve, reject) => {
        statements.push({ keys: [...requests], answers, finish: resolve, fail: reject });
      }),
    ...options,
  });
  /** Answers every key of a statement with `<request>#<statement number>`, then ends it. */
  const answerAll = (index: number) => {
    const statement = statements[index]!;
    for (const key of statement.keys) statement.answers.resolve(key.split(':')[0]!, `${key}#${index}`);
    statement.finish();
  };
  return { call, statements, answerAll };
}

/** The outcomes of promises once settled, as values or `error: <message>`. */
const outcomes = async (promises: Promise<string>[]) =>
  (await Promise.allSettled(promises)).map((o) =>
    o.status === 'fulfilled' ? o.value : `error: ${(o.reason as Error).message}`,
  );

describe('a coalescer', () => {
  it('runs a lone call at once, and the calls that arrive while it runs together in the next statement', async () => {
    const { call, statements, answerAll } = harness();
    const first = call('a');
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    const later = [call('b'), call('c'), call('b')];
    expect(statements).toHaveLength(1);
    answerAll(0);
    await expect(first).resolves.toBe('a#0');
    await expect.poll(() => statements.length).toBe(2);
    // One statement for both keys; the two callers of `b` share its answer.
    expect(statements[1]!.keys).toEqual(['b', 'c']);
    answerAll(1);
    expect(await outcomes(later)).toEqual(['b#1', 'c#1', 'b#1']);
  });

  it("gives a statement's failure to exactly its callers", async () => {
    const { call, statements, answerAll } = harness();
    const first = call('a');
    const second = [call('b'), call('c'), call('b')];
    statements[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect.poll(() => statements.length).toBe(2);
    statements[1]!.fail(new Error('deadlock'));
    expect(await outcomes(second)).toEqual(['error: deadlock', 'error: deadlock', 'error: deadlock']);
    // The next statement is not touched by the earlier failures.
    const third = call('a');
    await expect.poll(() => statements.length).toBe(3);
    answerAll(2);
    await expect(third).resolves.toBe('a#2');
  });

  it('keeps the answers given before a statement failed, and fails only the keys it left', async () => {
    const { call, statements, answerAll } = harness();
    const lone = call('x');
    const batch = [call('a'), call('b'), call('c')];
    answerAll(0);
    await expect(lone).resolves.toBe('x#0');
    await expect.poll(() => statements.length).toBe(2);
    statements[1]!.answers.resolve('a', 'credited');
    statements[1]!.answers.reject('b', new Error('refused look-up failed'));
    statements[1]!.fail(new Error('late failure'));
    expect(await outcomes(batch)).toEqual(['credited', 'error: refused look-up failed', 'error: late failure']);
  });

  it('fails a key the statement returned without answering, rather than leave its caller waiting', async () => {
    const { call, statements } = harness();
    const pending = call('a');
    statements[0]!.finish();
    await expect(pending).rejects.toThrow('left 1 key(s) unanswered');
  });

  it('treats a run that throws before returning its promise as a failed statement, and frees its slot', async () => {
    let runs = 0;
    const call = createCoalescer<string, string>({
      key: (request) => request,
      maxBatch: 10,
      maxInFlight: 1,
      run: (requests, answers) => {
        runs++;
        if (runs === 1) throw new Error('bad statement text');
        for (const key of requests) answers.resolve(key, `${key} read`);
        return Promise.resolve();
      },
    });
    await expect(call('a')).rejects.toThrow('bad statement text');
    await expect(call('b')).resolves.toBe('b read');
  });

  it('carries at most maxBatch keys per statement and runs at most maxInFlight at once', async () => {
    const { call, statements, answerAll } = harness({ maxBatch: 2, maxInFlight: 2 });
    const calls = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => call(key));
    // Two lone calls start at once; the rest wait for a slot.
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b']]);
    answerAll(1);
    await expect.poll(() => statements.length).toBe(3);
    expect(statements[2]!.keys).toEqual(['c', 'd']);
    answerAll(0);
    await expect.poll(() => statements.length).toBe(4);
    expect(statements[3]!.keys).toEqual(['e', 'f']);
    answerAll(2);
    answerAll(3);
    await expect.poll(() => statements.length).toBe(5);
    expect(statements[4]!.keys).toEqual(['g']);
    answerAll(4);
    expect(await outcomes(calls)).toEqual(['a#0', 'b#1', 'c#2', 'd#2', 'e#3', 'f#3', 'g#4']);
  });

  it('with onePerKey, keeps a key out of a second statement until the first settles and answers each caller', async () => {
    const { call, statements, answerAll } = harness({ maxInFlight: 2, onePerKey: true });
    const first = call('a:1');
    const second = call('a:2');
    const other = call('b');
    // The second `a` waits; `b`, behind it, takes the free slot.
    expect(statements.map((s) => s.keys)).toEqual([['a:1'], ['b']]);
    answerAll(1);
    await expect(other).resolves.toBe('b#1');
    expect(statements).toHaveLength(2);
    answerAll(0);
    await expect.poll(() => statements.length).toBe(3);
    expect(statements[2]!.keys).toEqual(['a:2']);
    answerAll(2);
    expect(await outcomes([first, second])).toEqual(['a:1#0', 'a:2#2']);
  });

  it('holds its queue in the instance: two coalescers never wait for each other', () => {
    const one = harness();
    const two = harness();
    void one.call('a');
    void one.call('b');
    void two.call('c');
    expect(one.statements.map((s) => s.keys)).toEqual([['a']]);
    expect(two.statements.map((s) => s.keys)).toEqual([['c']]);
  });
});
