import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@ziver/shared/core';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession, buildUser } from '@/testing/factories';
import { useAdminAccess } from './use-admin-access';

/** The server: /api/auth/me answers with `role()` now; an admin call (the audit log) answers 403 unless ADMIN. */
function stubServer(role: () => Role) {
  const id = sessionStore.get()!.user.id;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/me') {
        const { appSettings } = sessionStore.get()!;
        return contractAnswer('authMe', { success: true, user: buildUser({ id, role: role() }), appSettings });
      }
      if (role() !== 'ADMIN') return errorAnswer('FORBIDDEN', 'server.forbidden');
      return contractAnswer('adminAuditLog', { success: true, entries: [], total: 0, page: 1, limit: 20 });
    }),
  );
}

/** A stored session with that role (ids are UUIDs, as the answer's schema wants). */
const signedIn = (role: Role) =>
  sessionStore.set(buildSession({ user: { id: '00000000-0000-4000-8000-000000000001', role } }));

function renderAccess() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      access: useAdminAccess(),
      // Some section's admin call, as the console's panels make them.
      section: useQuery({ queryKey: ['admin', 'probe'], queryFn: () => api.request('GET', '/admin/audit-log') }),
    }),
    { wrapper },
  );
}

describe('console access', () => {
  it('lets a user promoted since sign-in in (no bounce) and stores the new role', async () => {
    signedIn('USER');
    stubServer(() => 'ADMIN');
    const { result } = renderAccess();
    expect(result.current.access).toBe('checking');
    await waitFor(() => expect(result.current.access).toBe('allowed'));
    expect(sessionStore.get()?.user.role).toBe('ADMIN');
  });

  it('sends away a stored admin the server no longer counts as one', async () => {
    signedIn('ADMIN');
    stubServer(() => 'USER');
    const { result } = renderAccess();
    await waitFor(() => expect(result.current.access).toBe('refused'));
    expect(sessionStore.get()?.user.role).toBe('USER');
  });

  it('asks again on a 403 from an admin call and sends a demoted admin away', async () => {
    signedIn('ADMIN');
    let role: Role = 'ADMIN';
    stubServer(() => role);
    const { result } = renderAccess();
    await waitFor(() => expect(result.current.section.isSuccess).toBe(true));
    expect(result.current.access).toBe('allowed');

    role = 'USER';
    await result.current.section.refetch();
    await waitFor(() => expect(result.current.access).toBe('refused'));
    expect(sessionStore.get()?.user.role).toBe('USER');
  });

  it('refuses a user the server still counts as a user', async () => {
    signedIn('USER');
    stubServer(() => 'USER');
    const { result } = renderAccess();
    await waitFor(() => expect(result.current.access).toBe('refused'));
  });
});
