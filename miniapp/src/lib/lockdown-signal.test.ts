import { describe, expect, it, vi } from 'vitest';
import { errorAnswer } from '@/testing/contract-answer';
import { createApiClient } from './api-client';
import { lockdownSignal } from './lockdown-signal';

describe('lockdown signal', () => {
  it("is raised by the API client when the server answers code 'LOCKDOWN', and only then", async () => {
    const onLockdown = vi.fn();
    const answers = [errorAnswer('LOCKDOWN', 'server.lockdown'), errorAnswer('UNAVAILABLE', 'server.botStarting')];
    const client = createApiClient({
      baseUrl: '/api',
      getToken: () => null,
      onUnauthorized: vi.fn(),
      onLockdown,
      fetchFn: vi.fn<typeof fetch>(async () => answers.shift()!),
    });
    await expect(client.request('GET', '/mining/status')).rejects.toMatchObject({ code: 'LOCKDOWN', status: 503 });
    expect(onLockdown).toHaveBeenCalledTimes(1);
    await expect(client.request('GET', '/mining/status')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(onLockdown).toHaveBeenCalledTimes(1);
  });

  it('tells every subscriber until it unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = lockdownSignal.subscribe(listener);
    lockdownSignal.emit();
    unsubscribe();
    lockdownSignal.emit();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
