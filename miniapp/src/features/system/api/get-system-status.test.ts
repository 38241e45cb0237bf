import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '@/testing/contract-answer';
import { getSystemStatus } from './get-system-status';

const open = { success: true as const, lockdownMode: false, supportEmail: 'a@b.c', estimate: 'soon' };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function askedPath(language?: string): Promise<string> {
  const fetchMock = vi.fn(async () => contractAnswer('systemStatus', open));
  vi.stubGlobal('fetch', fetchMock);
  await getSystemStatus({ language });
  const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
  return url.slice(url.indexOf('/api/'));
}

describe('the status poll in the reader’s language (decisions.md §25)', () => {
  it('asks ?lang= for a translated language, and the plain path for English or anything else', async () => {
    expect(await askedPath('fr')).toBe('/api/system/status?lang=fr');
    expect(await askedPath('zh')).toBe('/api/system/status?lang=zh');
    expect(await askedPath('en')).toBe('/api/system/status');
    expect(await askedPath()).toBe('/api/system/status');
    expect(await askedPath('pt-BR')).toBe('/api/system/status');
  });
});
