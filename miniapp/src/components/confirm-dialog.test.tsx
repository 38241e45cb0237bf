import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { ConfirmDialog } from './confirm-dialog';

/** A page with one dialog used for two steps, as the console's user page has (adjust, then role). */
function TwoSteps({ onConfirm }: { onConfirm: (step: string) => void }) {
  const [step, setStep] = useState<'adjust' | 'role' | null>(null);
  return (
    <AppRoot>
      <button type="button" onClick={() => setStep('adjust')}>
        adjust
      </button>
      <button type="button" onClick={() => setStep('role')}>
        role
      </button>
      <ConfirmDialog
        isOpen={step !== null}
        title={`Confirm ${step}`}
        confirmLabel="Yes"
        cancelLabel="No"
        isConfirming={false}
        error={null}
        onConfirm={() => {
          onConfirm(step!);
          setStep(null);
        }}
        onCancel={() => setStep(null)}
        testId="confirm"
      >
        {`Really ${step}?`}
      </ConfirmDialog>
    </AppRoot>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConfirmDialog', () => {
  it('a step opened right after another was answered stays open: the closed sheet reports nothing late', () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    render(<TwoSteps onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('adjust'));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('confirm').textContent).toContain('Really adjust?');
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(onConfirm).toHaveBeenCalledWith('adjust');

    // The next step at once, then the time the drawer's close used to take.
    fireEvent.click(screen.getByText('role'));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('confirm').textContent).toContain('Really role?');
    fireEvent.click(screen.getByTestId('confirm-no'));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByTestId('confirm')).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
