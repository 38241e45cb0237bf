import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@ziver/shared';
import { createApiClient } from '@/lib/api-client';
import { databaseOutage } from '@/lib/database-outage';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildMiningStatusBody } from '@/testing/factories';
import { DatabaseOutageNotice } from './database-outage-notice';

describe('database outage notice', () => {
  it("shows the message while the server answers 503 'DATABASE_UNAVAILABLE' and hides it after the next success", async () => {
    const answers = [
      errorAnswer('DATABASE_UNAVAILABLE', 'server.databaseUnavailable'),
      contractAnswer('miningStatus', buildMiningStatusBody()),
    ];
    const client = createApiClient({
      baseUrl: '/api',
      getToken: () => null,
      onUnauthorized: vi.fn(),
      onDatabaseStatus: databaseOutage.report,
      fetchFn: vi.fn<typeof fetch>(async () => answers.shift()!),
    });
    render(<DatabaseOutageNotice />);
    expect(screen.queryByTestId('database-outage')).toBeNull();

    await act(async () => {
      await expect(client.request('GET', '/mining/status')).rejects.toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        status: 503,
      });
    });
    expect(screen.getByTestId('database-outage').textContent).toBe(SERVER_MESSAGES.databaseUnavailable);

    await act(async () => {
      await client.request('GET', '/mining/status');
    });
    expect(screen.queryByTestId('database-outage')).toBeNull();
  });
});
