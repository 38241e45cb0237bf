import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PENDING_LINK_TASK_KEY } from '../utils/link-task-flow';
import { useLinkTaskFlow, type LinkTaskEnvironment } from './use-link-task-flow';

const TASK = { id: 'task-1', title: 'Follow Ziver on X', url: 'https://x.com/ZiverOfficial' };

function buildEnvironment(popup: { closed: boolean } | null) {
  return {
    openPopup: vi.fn<(url: string) => Window | null>(() => popup as unknown as Window | null),
    openInThisTab: vi.fn<(url: string) => void>(),
    storage: window.sessionStorage,
  } satisfies LinkTaskEnvironment;
}

function renderFlow(environment: LinkTaskEnvironment) {
  const onAnswerYes = vi.fn(async () => undefined);
  const onOpenError = vi.fn();
  const hook = renderHook(() => useLinkTaskFlow({ onAnswerYes, onOpenError, environment }));
  return { ...hook, onAnswerYes, onOpenError };
}

describe('useLinkTaskFlow', () => {
  it('opens the popup on confirm, asks when it closes, and completes on "yes"', async () => {
    const popup = { closed: false };
    const environment = buildEnvironment(popup);
    const { result, onAnswerYes } = renderFlow(environment);

    act(() => result.current.start(TASK));
    expect(result.current.flow.step).toBe('confirm');
    act(() => result.current.openLink());
    expect(environment.openPopup).toHaveBeenCalledWith(TASK.url);
    expect(result.current.flow.step).toBe('opened');

    popup.closed = true;
    await waitFor(() => expect(result.current.flow.step).toBe('ask'));

    act(() => result.current.answer(true));
    expect(onAnswerYes).toHaveBeenCalledWith(TASK);
    await waitFor(() => expect(result.current.flow.step).toBe('idle'));
  });

  it('inside Telegram opens the link with openLink and asks when the user comes back', () => {
    const environment = { ...buildEnvironment({ closed: false }), openInTelegram: vi.fn(() => true) };
    const { result } = renderFlow(environment);
    act(() => result.current.start(TASK));
    act(() => result.current.openLink());
    expect(environment.openInTelegram).toHaveBeenCalledWith(TASK.url);
    expect(environment.openPopup).not.toHaveBeenCalled();
    expect(result.current.flow.step).toBe('opened');
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current.flow.step).toBe('ask');
  });

  it('asks when the user comes back to the tab', () => {
    const environment = buildEnvironment({ closed: false });
    const { result } = renderFlow(environment);
    act(() => result.current.start(TASK));
    act(() => result.current.openLink());
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current.flow.step).toBe('ask');
  });

  it('offers this tab when the popup is blocked, remembering to ask on return', () => {
    const environment = buildEnvironment(null);
    const { result, unmount } = renderFlow(environment);
    act(() => result.current.start(TASK));
    act(() => result.current.openLink());
    expect(result.current.flow.step).toBe('blocked');

    act(() => result.current.openInThisTab());
    expect(environment.openInThisTab).toHaveBeenCalledWith(TASK.url);
    expect(window.sessionStorage.getItem(PENDING_LINK_TASK_KEY)).toContain(TASK.id);
    unmount();

    // Back from the link: the page loads again and asks.
    const again = renderFlow(buildEnvironment(null));
    expect(again.result.current.flow).toEqual({ step: 'ask', task: TASK });
    expect(window.sessionStorage.getItem(PENDING_LINK_TASK_KEY)).toBeNull();
  });

  it('reports an error when the link cannot be opened', () => {
    const environment = buildEnvironment(null);
    environment.openPopup.mockImplementation(() => {
      throw new Error('refused');
    });
    const { result, onOpenError } = renderFlow(environment);
    act(() => result.current.start(TASK));
    act(() => result.current.openLink());
    expect(result.current.flow.step).toBe('idle');
    expect(onOpenError).toHaveBeenCalledWith(TASK);
  });
});
