import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MiningStats } from './mining-stats';

function renderStats(score: number) {
  render(
    <AppRoot appearance="dark">
      <MiningStats
        userData={{
          zp_balance: 1234.5,
          social_capital_score: score,
          daily_streak_count: 4,
          mining_session_start_time: null,
        }}
      />
    </AppRoot>,
  );
}

describe('mining stats', () => {
  it('shows the SEB tier and the progress to the next one', () => {
    renderStats(3_452);
    expect(screen.getByTestId('tier-badge').textContent).toBe('Advanced');
    const progress = screen.getByTestId('tier-progress');
    expect(progress.getAttribute('aria-valuenow')).toBe('17');
    expect(progress.getAttribute('aria-valuetext')).toBe('17% to Elite');
    expect(screen.getByTestId('zp-balance').textContent).toBe('1,234.5');
    expect(screen.getByTestId('streak-days').textContent).toBe('4');
  });

  it('says the top tier is reached at SUPREME', () => {
    renderStats(6_000_000);
    expect(screen.getByTestId('tier-badge').getAttribute('data-tier')).toBe('SUPREME');
    expect(screen.getByText('Top tier reached')).toBeTruthy();
  });
});
