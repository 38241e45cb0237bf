import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TASK_MESSAGES, channelMembershipResult, evaluateTaskRules, summariseProgress, type Task } from '@ziver/shared';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { PlatformProvider } from '@/lib/platform/platform-provider';
import type { TelegramBridge } from '@/lib/platform/telegram-bridge';
import { sessionStore } from '@/lib/session';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildSession, buildUser } from '@/testing/factories';
import { TasksScreen } from './tasks-screen';

const STATS = {
  mining_streak: 1,
  referral_count: 1,
  zp_balance: 55,
  tasks_completed: 0,
  social_capital_score: 10,
  mining_session_duration: 4,
};

function buildTask(overrides: Partial<Task> & { id: string }): Task {
  return {
    title: overrides.id,
    description: 'Do the thing.',
    link_url: null,
    zp_reward: 100,
    seb_reward: 20,
    kind: 'rule',
    is_completed: false,
    completed_at: null,
    progress: summariseProgress([]),
    ...overrides,
  };
}

const TASKS: Task[] = [
  buildTask({
    id: 'invite',
    title: 'Invite your first friend',
    progress: evaluateTaskRules([{ rule_type: 'referral_count', expectedValue: 1 }], STATS),
  }),
  buildTask({
    id: 'streak',
    title: 'Three days in a row',
    progress: evaluateTaskRules([{ rule_type: 'mining_streak', expectedValue: 3 }], STATS),
  }),
  buildTask({
    id: 'follow',
    title: 'Follow Ziver on X',
    kind: 'link',
    link_url: 'https://x.com/ZiverOfficial',
    zp_reward: 25,
    seb_reward: 5,
  }),
  buildTask({ id: 'done', title: 'Done already', is_completed: true, completed_at: '2025-01-05T10:00:00.000Z' }),
];

type Handler = (url: URL, init: RequestInit) => Response | undefined;

function stubApi(handler: Handler = () => undefined) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ path: url.pathname, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handled = handler(url, init);
    if (handled) return handled;
    if (url.pathname === '/api/tasks') return contractAnswer('tasks', TASKS);
    if (url.pathname === '/api/tasks/user-stats') {
      return contractAnswer('taskStats', {
        success: true,
        ...STATS,
        completedTasks: 1,
        totalTasks: 4,
        zpEarnedFromTasks: 100,
      });
    }
    return errorAnswer('NOT_FOUND', 'server.notFound');
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderScreen(telegram: TelegramBridge | null = null) {
  sessionStore.set(buildSession());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider
        initial={{ platform: telegram ? 'telegram' : 'web', telegramUsername: null, telegramLanguage: null, telegram }}
      >
        <AppRoot appearance="dark">{children}</AppRoot>
      </PlatformProvider>
    </QueryClientProvider>
  );
  return render(<TasksScreen />, { wrapper });
}

const card = (title: string) =>
  screen.getAllByTestId('task-card').find((element) => element.getAttribute('data-task-title') === title)!;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('tasks screen', () => {
  it('shows the quick stats and each card in its state', async () => {
    stubApi();
    renderScreen();
    await screen.findAllByTestId('task-card');
    expect(card('Invite your first friend').getAttribute('data-state')).toBe('ready');
    expect(card('Three days in a row').getAttribute('data-state')).toBe('in_progress');
    expect(card('Follow Ziver on X').getAttribute('data-state')).toBe('link');
    expect(card('Done already').getAttribute('data-state')).toBe('completed');

    const inProgress = within(card('Three days in a row'));
    const button = inProgress.getByTestId('task-complete') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('33%');
    expect(inProgress.getByText('Mining streak: 1/3 days')).toBeTruthy();
    expect(inProgress.getByText('2 more needed')).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('tasks-stats-done').textContent).toBe('1'));
    expect(screen.getByTestId('tasks-stats-todo').textContent).toBe('3');
    expect(screen.getByTestId('tasks-stats-streak').textContent).toBe('1');
  });

  it('completes a ready task: marks it completed, shows the reward, takes the new balance', async () => {
    const calls = stubApi((url, init) =>
      url.pathname === '/api/tasks/invite/complete' && init.method === 'POST'
        ? contractAnswer('completeTask', {
            success: true,
            message: 'Task completed! +100 ZP, +20 SEB',
            messageKey: 'tasks.completedWithReward',
            params: { reward: '+100 ZP, +20 SEB' },
            reward: { zp: 100, seb: 20, taskTitle: 'Invite your first friend' },
            user: buildUser({ zp_balance: 155 }),
          })
        : undefined,
    );
    renderScreen();
    await screen.findAllByTestId('task-card');
    fireEvent.click(within(card('Invite your first friend')).getByTestId('task-complete'));

    await waitFor(() => expect(card('Invite your first friend').getAttribute('data-state')).toBe('completed'));
    expect(screen.getByTestId('task-reward').textContent).toContain('+100 ZP, +20 SEB');
    expect(sessionStore.get()?.user.zp_balance).toBe(155);
    expect(calls.find((call) => call.path === '/api/tasks/invite/complete')?.body).toBeUndefined();
  });

  it("reloads the list when the server answers 'requirements not met'", async () => {
    const calls = stubApi((url, init) =>
      url.pathname === '/api/tasks/invite/complete' && init.method === 'POST'
        ? errorAnswer('BAD_REQUEST', 'tasks.requirementsNotMetList', {
            params: { reasons: 'Active referrals: 0/1 (1 more needed)' },
          })
        : undefined,
    );
    renderScreen();
    await screen.findAllByTestId('task-card');
    const listLoads = () => calls.filter((call) => call.path === '/api/tasks').length;
    expect(listLoads()).toBe(1);
    fireEvent.click(within(card('Invite your first friend')).getByTestId('task-complete'));

    expect((await screen.findByTestId('task-error')).textContent).toBe('Task requirements not met');
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('shows the spec message when the list cannot load', async () => {
    stubApi((url) => (url.pathname === '/api/tasks' ? errorAnswer('INTERNAL', 'server.internal') : undefined));
    renderScreen();
    expect((await screen.findByTestId('tasks-load-error')).textContent).toContain(
      'Failed to load tasks. Please try again later.',
    );
  });

  it('runs a link task: confirm, popup, "did you complete it?", complete with no body', async () => {
    const popup = { closed: false, opener: {} };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const calls = stubApi((url, init) =>
      url.pathname === '/api/tasks/follow/complete' && init.method === 'POST'
        ? contractAnswer('completeTask', {
            success: true,
            message: 'Task completed! +25 ZP, +5 SEB',
            messageKey: 'tasks.completedWithReward',
            params: { reward: '+25 ZP, +5 SEB' },
            reward: { zp: 25, seb: 5, taskTitle: 'Follow Ziver on X' },
            user: buildUser({ zp_balance: 80 }),
          })
        : undefined,
    );
    renderScreen();
    await screen.findAllByTestId('task-card');

    fireEvent.click(within(card('Follow Ziver on X')).getByTestId('task-complete'));
    await screen.findByTestId('link-task-confirm');
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(open).toHaveBeenCalledWith('https://x.com/ZiverOfficial', '_blank');
    expect(popup.opener).toBeNull();
    await screen.findByTestId('link-task-opened');

    popup.closed = true;
    await screen.findByTestId('link-task-ask');
    fireEvent.click(screen.getByTestId('confirm-yes'));

    await waitFor(() => expect(card('Follow Ziver on X').getAttribute('data-state')).toBe('completed'));
    const completion = calls.find((call) => call.path === '/api/tasks/follow/complete');
    expect(completion).toMatchObject({ method: 'POST', body: undefined });
  });

  it('offers this tab when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    stubApi();
    renderScreen();
    await screen.findAllByTestId('task-card');
    fireEvent.click(within(card('Follow Ziver on X')).getByTestId('task-complete'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    const dialog = await screen.findByTestId('link-task-blocked');
    expect(dialog.textContent).toContain('Open here');
  });

  it("a channel task not joined offers 'Join channel': a new tab outside Telegram, re-checked when the page is back", async () => {
    const channelTask = (isMember: boolean) =>
      buildTask({
        id: 'channel',
        title: 'Join the channel',
        kind: 'channel',
        link_url: 'https://t.me/ZiverOfficial',
        progress: evaluateTaskRules([], STATS, [
          channelMembershipResult(isMember, isMember ? TASK_MESSAGES.channelMember : TASK_MESSAGES.channelNotMember),
        ]),
      });
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/tasks') return contractAnswer('tasks', [channelTask(false)]);
      if (url.pathname === '/api/tasks/channel/validate' && init.method === 'POST') {
        const { progress } = channelTask(true);
        return contractAnswer('validateTask', {
          success: true,
          taskId: 'channel',
          is_completed: false,
          canComplete: true,
          progress,
        });
      }
      return undefined;
    });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderScreen();
    const join = await screen.findByTestId('task-join-channel');
    expect(join.textContent).toContain('Join channel');
    expect(card('Join the channel').getAttribute('data-state')).toBe('in_progress');

    fireEvent.click(join);
    expect(open).toHaveBeenCalledWith('https://t.me/ZiverOfficial', '_blank', 'noopener,noreferrer');
    expect(calls.some((call) => call.path.endsWith('/validate'))).toBe(false);

    // Back from the channel's tab.
    fireEvent(document, new Event('visibilitychange'));
    fireEvent(window, new Event('focus'));
    await waitFor(() => expect(card('Join the channel').getAttribute('data-state')).toBe('ready'));
    expect(calls.filter((call) => call.path === '/api/tasks/channel/validate' && call.method === 'POST')).toHaveLength(
      1,
    );
    expect(screen.queryByTestId('task-join-channel')).toBeNull();
    expect(within(card('Join the channel')).getByTestId('task-complete').textContent).toBe('Complete');
  });

  it('a home-screen task: says why outside Telegram, on an old client or a device without one; reports Telegram’s event inside', async () => {
    const homeTask = buildTask({ id: 'home', title: 'Add Ziver to your home screen', kind: 'home_screen' });
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/tasks') return contractAnswer('tasks', [homeTask]);
      if (url.pathname === '/api/tasks/home/complete' && init.method === 'POST') {
        return contractAnswer('completeTask', {
          success: true,
          message: 'Task completed! +100 ZP, +20 SEB',
          messageKey: 'tasks.completedWithReward',
          params: { reward: '+100 ZP, +20 SEB' },
          reward: { zp: 100, seb: 20, taskTitle: 'Add Ziver to your home screen' },
          user: buildUser({ zp_balance: 155 }),
        });
      }
      return undefined;
    });
    const reports = () => calls.filter((call) => call.path === '/api/tasks/home/complete').map((call) => call.body);
    const why = async () => (await screen.findByTestId('task-home-screen-why')).getAttribute('data-reason');

    const outside = renderScreen();
    expect(await why()).toBe('outside');
    expect(screen.getByTestId('task-home-screen-why').textContent).toBe(
      'Open Ziver in Telegram on your phone to add it to your home screen.',
    );
    outside.unmount();

    const old = renderScreen(createFakeTelegramBridge({}, { hasMiniApps8: false }));
    expect(await why()).toBe('oldClient');
    old.unmount();

    const desktop = createFakeTelegramBridge();
    desktop.setHomeScreenStatus('unsupported');
    const onDesktop = renderScreen(desktop);
    expect(await why()).toBe('unsupported');
    expect(screen.queryByTestId('task-home-screen-add')).toBeNull();
    onDesktop.unmount();

    // Already on the home screen (checkHomeScreenStatus: 'added'): Complete reports home_screen_checked.
    const already = createFakeTelegramBridge();
    already.setHomeScreenStatus('added');
    const onPhone = renderScreen(already);
    const complete = await within(await screen.findByTestId('task-card')).findByTestId('task-complete');
    expect(card('Add Ziver to your home screen').textContent).toContain('Ziver is on your home screen already.');
    fireEvent.click(complete);
    await waitFor(() => expect(card('Add Ziver to your home screen').getAttribute('data-state')).toBe('completed'));
    expect(reports()).toEqual([{ homeScreenEvent: 'home_screen_checked' }]);
    onPhone.unmount();
    calls.length = 0;

    // Not there yet: "Add to home screen" opens Telegram's prompt; its home_screen_added is reported.
    const phone = createFakeTelegramBridge();
    renderScreen(phone);
    fireEvent.click(await screen.findByTestId('task-home-screen-add'));
    expect(phone.calls.filter((call) => call.kind === 'addToHomeScreen')).toHaveLength(1);
    expect(reports()).toEqual([]);
    act(() => phone.setHomeScreenStatus('added'));
    await waitFor(() => expect(card('Add Ziver to your home screen').getAttribute('data-state')).toBe('completed'));
    expect(reports()).toEqual([{ homeScreenEvent: 'home_screen_added' }]);
    expect(screen.getByTestId('task-reward').textContent).toContain('+100 ZP, +20 SEB');
  });
});
