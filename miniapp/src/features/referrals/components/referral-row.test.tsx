import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReferralEntry } from '@ziver/shared';
import { applyLanguage } from '@/i18n';
import { ReferralRow } from './referral-row';

function renderRow(overrides: Partial<ReferralEntry>) {
  const referral: ReferralEntry = {
    id: 'ref-1',
    username: 'bilal',
    avatar_url: null,
    created_at: '2025-01-05T10:00:00.000Z',
    mining_session_start_time: null,
    daily_streak_count: 1200,
    last_seen: new Date(Date.now() - 3 * 60_000 - 5_000).toISOString(),
    isMining: false,
    rewardPaid: true,
    ...overrides,
  };
  render(
    <AppRoot appearance="dark">
      <ul>
        <ReferralRow referral={referral} onRemove={() => undefined} />
      </ul>
    </AppRoot>,
  );
  return (screen.getByTestId('referral-item').textContent ?? '').replace(/\s/g, ' ');
}

afterAll(() => applyLanguage('en'));

describe('a referral row', () => {
  it('says when the friend joined, their streak and when they were last seen, in English', async () => {
    await applyLanguage('en');
    const text = renderRow({});
    expect(text).toContain('Jan 5, 2025');
    expect(text).toContain('1,200-day streak');
    expect(text).toContain('Active 3 minutes ago');
  });

  it('says the same in German, with German numbers and dates', async () => {
    await applyLanguage('de');
    const text = renderRow({});
    expect(text).toContain('05.01.2025');
    expect(text).toContain('1.200');
    expect(text).toContain('Aktiv vor 3 Minuten');
  });

  it('leaves out "last seen" while the friend is mining (the live badge says it)', async () => {
    await applyLanguage('en');
    expect(renderRow({ isMining: true })).not.toContain('Active');
  });
});
