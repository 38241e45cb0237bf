import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTask } from '@ziver/shared';
import { applyLanguage } from '@/i18n';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession } from '@/testing/factories';
import { TasksPanel } from './tasks-panel';

/** The editor's guards (issue 29, item 9): warnings before saving, retired tasks on demand. */
function buildTask(overrides: Partial<AdminTask>): AdminTask {
  return {
    id: 'task-1',
    slug: 'save-50',
    title: 'Save 50 ZP',
    description: 'Hold 50 ZP.',
    kind: 'rule',
    link_url: null,
    channel: null,
    rules: [{ rule_type: 'zp_balance', expectedValue: 50 }],
    zp_reward: 10,
    seb_reward: 0,
    sort_order: 0,
    translations: {
      es: { title: 'Ahorra 50 ZP', description: 'Ten 50 ZP.' },
      fr: { title: 'Garde 50 ZP', description: 'Garde 50 ZP.' },
      de: { title: 'Halte 50 ZP', description: 'Halte 50 ZP.' },
      zh: { title: '持有 50 ZP', description: '持有 50 ZP。' },
    },
    completions: 3,
    retired_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const CATALOGUE = [
  buildTask({}),
  buildTask({ id: 'task-2', slug: 'invite', title: 'Invite a friend' }),
  buildTask({ id: 'task-3', slug: 'old-promo', title: 'Old promo', retired_at: '2026-02-01T00:00:00.000Z' }),
];

function renderPanel() {
  sessionStore.set(buildSession({ user: { role: 'ADMIN' } }));
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      if (path === '/api/tasks/admin') return contractAnswer('adminTasks', { success: true, tasks: CATALOGUE });
      if (method === 'POST' || method === 'PUT') {
        const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
        sent.push({ method, path, body });
        const saved = { success: true as const, message: 'Saved', task: buildTask({ id: 'task-3' }) };
        if (method === 'PUT') return contractAnswer('adminUpdateTask', saved);
        if (path.endsWith('/reactivate')) return contractAnswer('adminReactivateTask', saved);
        return contractAnswer('adminCreateTask', saved);
      }
      return errorAnswer('NOT_FOUND', 'server.noRoute', { params: { method, path } });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance="light">{children}</AppRoot>
    </QueryClientProvider>
  );
  render(<TasksPanel />, { wrapper });
  return sent;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Opens "Save 50 ZP" (rewarded, fully translated: nothing to warn about) in the editor. */
async function editFirstTask() {
  const row = (await screen.findAllByTestId('admin-task-row'))[0]!;
  fireEvent.click(within(row).getByTestId('admin-task-edit'));
  await screen.findByTestId('admin-task-editor');
}

const warnings = async () => within(await screen.findByTestId('admin-task-warnings'));
const save = () => fireEvent.click(screen.getByTestId('admin-task-save'));

describe('the tasks panel', () => {
  it('hides retired tasks until "Show retired tasks" is switched on', async () => {
    renderPanel();
    await screen.findByText('Save 50 ZP');
    expect(screen.queryByTestId('admin-tasks-retired')).toBeNull();
    expect(screen.queryByText('Old promo')).toBeNull();
    expect(screen.getByText('Show retired tasks (1)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-tasks-show-retired'));
    expect(within(screen.getByTestId('admin-tasks-retired')).getByText('Old promo')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-tasks-show-retired'));
    expect(screen.queryByText('Old promo')).toBeNull();
  });

  it('warns before saving a 0 ZP task, and saves it when asked again', async () => {
    const sent = renderPanel();
    await editFirstTask();
    type('admin-task-zp_reward', '0');
    save();
    const dialog = await warnings();
    expect(dialog.getByTestId('admin-task-warning-zeroReward').textContent).toBe('It gives 0 ZP.');
    expect(dialog.queryByTestId('admin-task-warning-duplicateTitle')).toBeNull();
    expect(dialog.queryByTestId('admin-task-warning-missingTranslations')).toBeNull();
    expect(sent).toEqual([]);
    fireEvent.click(dialog.getByTestId('confirm-yes'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/tasks/task-1', body: { zp_reward: 0 } });
  });

  it("warns on another active task's title (trimmed, any case); Keep editing goes back to the form", async () => {
    const sent = renderPanel();
    await editFirstTask();
    type('admin-task-title-en', '  invite A FRIEND ');
    save();
    const dialog = await warnings();
    expect(dialog.getByTestId('admin-task-warning-duplicateTitle').textContent).toBe(
      'Another active task is already called “Invite a friend”.',
    );
    fireEvent.click(dialog.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('admin-task-warnings')).toBeNull());
    expect(sent).toEqual([]);
    // A retired task's title is free again: nothing to warn about, the task is sent at once.
    type('admin-task-title-en', 'OLD PROMO');
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByTestId('admin-task-warnings')).toBeNull();
  });

  it('does not warn when a task keeps its own title', async () => {
    const sent = renderPanel();
    await editFirstTask();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/tasks/task-1', body: { title: 'Save 50 ZP' } });
  });

  it('names the missing translations (a blank title or description) in the operator’s language', async () => {
    renderPanel();
    await editFirstTask();
    type('admin-task-title-fr', '');
    type('admin-task-description-de', ' ');
    type('admin-task-title-zh', '');
    save();
    expect((await warnings()).getByTestId('admin-task-warning-missingTranslations').textContent).toBe(
      'Missing translations: French, German, and Chinese. Readers in those languages see the English text.',
    );
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('admin-task-warnings')).toBeNull());
    await applyLanguage('fr');
    save();
    expect((await warnings()).getByTestId('admin-task-warning-missingTranslations').textContent).toBe(
      'Traductions manquantes\u00a0: Français, Allemand et Chinois. Les lecteurs de ces langues voient le texte anglais.',
    );
    await applyLanguage('en');
  });
});
