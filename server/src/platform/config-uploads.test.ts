import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), ...env }, { persistSecrets: false });

describe('image decode configuration', () => {
  it('leaves a core to the rest by default, with four waiting uploads per decode', () => {
    const concurrency = Math.max(1, availableParallelism() - 1);
    expect(load({}).imageDecodes).toEqual({ concurrency, maxWaiting: 4 * concurrency });
    expect(load({ IMAGE_DECODE_CONCURRENCY: '', IMAGE_DECODE_QUEUE: '' }).imageDecodes.concurrency).toBe(concurrency);
  });

  it('reads both variables', () => {
    expect(load({ IMAGE_DECODE_CONCURRENCY: '3', IMAGE_DECODE_QUEUE: '0' }).imageDecodes).toEqual({
      concurrency: 3,
      maxWaiting: 0,
    });
    expect(load({ IMAGE_DECODE_CONCURRENCY: '2' }).imageDecodes).toEqual({ concurrency: 2, maxWaiting: 8 });
  });

  it.each([
    [{ IMAGE_DECODE_CONCURRENCY: '0' }, 'IMAGE_DECODE_CONCURRENCY'],
    [{ IMAGE_DECODE_CONCURRENCY: 'many' }, 'IMAGE_DECODE_CONCURRENCY'],
    [{ IMAGE_DECODE_QUEUE: '-1' }, 'IMAGE_DECODE_QUEUE'],
  ])('fails start-up naming the bad variable (%j)', (env, text) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(text);
  });
});
