import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage } from '@ziver/shared';
import { contractAnswer } from '@/testing/contract-answer';
import lockdownEn from '../locales/en';
import { LockdownPage } from './lockdown-page';

function renderWithStatus(text: ReturnType<typeof keyedMessage>, supportEmail: string | null = 'a@b.c') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      contractAnswer('systemStatus', {
        success: true,
        lockdownMode: true,
        ...text,
        supportEmail,
        estimate: 'soon',
      }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance="dark">
        <LockdownPage />
      </AppRoot>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the maintenance page', () => {
  it("shows an admin's own notice (server.verbatim) as written", async () => {
    renderWithStatus(keyedMessage('server.verbatim', { text: 'Back at noon' }));
    expect((await screen.findByTestId('lockdown-message')).textContent).toBe('Back at noon');
  });

  it('does not repeat the default notice (server.lockdown): the page says it in the user’s language', async () => {
    renderWithStatus(keyedMessage('server.lockdown'));
    // The server's support address on the page: its answer has been rendered.
    await waitFor(() => expect(screen.getByTestId('contact-support').textContent).toContain('a@b.c'));
    expect(screen.queryByTestId('lockdown-message')).toBeNull();
  });

  it('says to contact the operator, with nothing to copy, when no SUPPORT_EMAIL is set', async () => {
    renderWithStatus(keyedMessage('server.lockdown'), null);
    expect((await screen.findByTestId('contact-operator')).textContent).toBe(lockdownEn.contactOperator);
    expect(screen.queryByTestId('contact-support')).toBeNull();
    expect(screen.queryByTestId('copy-support-email')).toBeNull();
  });
});
