import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { buildSession } from '@/testing/factories';
import { ComingSoonPage } from './coming-soon-page';

const renderPage = () =>
  render(
    <AppRoot>
      <ComingSoonPage feature="wallet">
        <p>wallet preview</p>
      </ComingSoonPage>
    </AppRoot>,
  );

afterEach(() => sessionStore.clear());

describe('coming-soon page', () => {
  it('shows Coming Soon with the Q4 2025 launch and no bypass to ordinary users', () => {
    sessionStore.set(buildSession({ user: { role: 'USER' } }));
    renderPage();
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.getByText('Launching Q4 2025')).toBeTruthy();
    expect(screen.queryByTestId('admin-bypass')).toBeNull();
  });

  it.each(['ADMIN', 'TESTER'] as const)('lets %s show the content, remembered per feature', (role) => {
    sessionStore.set(buildSession({ user: { role } }));
    const { unmount } = renderPage();
    fireEvent.click(screen.getByTestId('admin-bypass'));
    expect(screen.getByText('wallet preview')).toBeTruthy();
    expect(window.localStorage.getItem('ziver-admin-bypass:wallet')).toBe('true');
    expect(window.localStorage.getItem('ziver-admin-bypass:marketplace')).toBeNull();

    unmount();
    renderPage();
    expect(screen.getByText('wallet preview')).toBeTruthy();
  });
});
