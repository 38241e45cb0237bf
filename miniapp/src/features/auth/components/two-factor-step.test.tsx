import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildUser } from '@/testing/factories';
import { TwoFactorStep } from './two-factor-step';

function renderStep() {
  const onVerified = vi.fn();
  const onBack = vi.fn();
  const onFailed = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance="dark">
        <TwoFactorStep challenge="challenge-1" onVerified={onVerified} onBack={onBack} onFailed={onFailed} />
      </AppRoot>
    </QueryClientProvider>,
  );
  return { onVerified, onBack, onFailed };
}

const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const verifyButton = () => screen.getByTestId('verify-code') as HTMLButtonElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the second sign-in step', () => {
  it('puts the cursor in the code field, and again after switching to a backup code and back', () => {
    renderStep();
    expect(document.activeElement).toBe(codeInput());
    fireEvent.click(screen.getByTestId('toggle-backup-code'));
    expect(document.activeElement).toBe(screen.getByLabelText('Backup code'));
    fireEvent.click(screen.getByTestId('toggle-backup-code'));
    expect(document.activeElement).toBe(codeInput());
  });

  it('enables Verify only at exactly 6 characters, and keeps digits only', () => {
    renderStep();
    expect(verifyButton().disabled).toBe(true);
    type(codeInput(), '12345');
    expect(verifyButton().disabled).toBe(true);
    type(codeInput(), '12a3 45-6');
    expect(codeInput().value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
    type(codeInput(), '1234567');
    expect(codeInput().value).toBe('123456');
  });

  it('sends the challenge with the code and hands the answer on', async () => {
    const answer = { success: true as const, token: 'jwt', user: buildUser(), twoFactorRequired: false };
    const fetchMock = vi.fn(async () => contractAnswer('verifyTwoFactor', answer));
    vi.stubGlobal('fetch', fetchMock);
    const { onVerified } = renderStep();
    type(codeInput(), '654321');
    fireEvent.click(verifyButton());

    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(onVerified.mock.calls[0]![0]).toMatchObject({ token: 'jwt' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/verify-2fa');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'challenge-1', verificationCode: '654321' });
  });

  it("says 'Two-factor authentication failed. Please try again.' on a wrong code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('INVALID_TWO_FACTOR_CODE', 'identity.twoFactorCodeInvalid')),
    );
    const { onVerified, onFailed } = renderStep();
    type(codeInput(), '000000');
    fireEvent.click(verifyButton());

    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'Two-factor authentication failed. Please try again.',
    );
    expect(onVerified).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(codeInput().value).toBe('');
  });

  it('says to wait for the next code when the code was already used (e.g. to enable 2FA)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        errorAnswer('TWO_FACTOR_CODE_REUSED', 'server.twoFactorCodeReusedAttemptsLeft', { params: { count: 4 } }),
      ),
    );
    renderStep();
    type(codeInput(), '123456');
    fireEvent.click(verifyButton());
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'This code has already been used. Wait for the next code. Attempts left: 4.',
    );
  });

  it('explains an expired attempt and stops offering Verify', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorAnswer('TWO_FACTOR_CHALLENGE_INVALID', 'identity.twoFactorChallengeInvalid')),
    );
    renderStep();
    type(codeInput(), '000000');
    fireEvent.click(verifyButton());
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'Your sign-in attempt has expired. Please sign in again.',
    );
    type(codeInput(), '111111');
    expect(verifyButton().disabled).toBe(true);
  });

  it('takes a backup code instead, upper-cased, and sends it as XXXX-XXXX-XXXX', async () => {
    const fetchMock = vi.fn(async () =>
      contractAnswer('verifyTwoFactor', { success: true, token: 'jwt', user: buildUser() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderStep();
    fireEvent.click(screen.getByTestId('toggle-backup-code'));
    const backup = screen.getByLabelText('Backup code') as HTMLInputElement;
    type(backup, 'abcd-efgh-jk');
    expect(backup.value).toBe('ABCD-EFGH-JK');
    expect(verifyButton().disabled).toBe(true);
    type(backup, 'abcdefgh2345');
    expect(verifyButton().disabled).toBe(false);
    fireEvent.click(verifyButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).verificationCode).toBe('ABCD-EFGH-2345');
  });

  it('goes Back to Login', () => {
    const { onBack } = renderStep();
    fireEvent.click(screen.getByText('Back to Login'));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
