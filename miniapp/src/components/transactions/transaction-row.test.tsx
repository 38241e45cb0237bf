import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { TransactionView } from '@ziver/shared';
import { applyLanguage } from '@/i18n';
import { TransactionRow } from './transaction-row';

/** Written by the server in English; a row must never show it for a type it knows. */
const STORED_ENGLISH = 'STORED ENGLISH DESCRIPTION';

type Case = {
  type: string;
  currency?: 'ZP' | 'SEB';
  amount?: number;
  metadata?: Record<string, unknown>;
  description?: string;
  en: [title: string, line: string | null];
  fr: [title: string, line: string | null];
};

const CASES: Case[] = [
  {
    type: 'mining_reward',
    metadata: { cycleId: 'c1', duration: 240, sebPoints: 13, streak: 3 },
    en: ['Mining reward', 'Cycle: 4 hours'],
    fr: ['Récompense de minage', 'Cycle : 4 heures'],
  },
  {
    type: 'mining_reward',
    currency: 'SEB',
    amount: 13,
    metadata: { cycleId: 'c1', duration: 90, sebPoints: 13, streak: 3 },
    en: ['Mining reward', 'Cycle: 1 hour 30 minutes'],
    fr: ['Récompense de minage', 'Cycle : 1 heure 30 minutes'],
  },
  {
    // Minutes with the seconds as a fraction (a 72 s cycle): written to the second.
    type: 'mining_reward',
    metadata: { cycleId: 'c2', duration: 1.2, sebPoints: 11, streak: 1 },
    en: ['Mining reward', 'Cycle: 1 minute 12 seconds'],
    fr: ['Récompense de minage', 'Cycle : 1 minute 12 secondes'],
  },
  {
    type: 'mining_reward',
    metadata: {},
    en: ['Mining reward', 'Mining cycle completed'],
    fr: ['Récompense de minage', 'Cycle de minage terminé'],
  },
  {
    type: 'task_reward',
    metadata: { taskId: 't1', taskTitle: 'Follow Ziver on X' },
    en: ['Task reward', 'Task: Follow Ziver on X'],
    fr: ['Récompense de tâche', 'Tâche : Follow Ziver on X'],
  },
  {
    type: 'task_reward',
    currency: 'SEB',
    metadata: {},
    en: ['Task reward', 'Task completed'],
    fr: ['Récompense de tâche', 'Tâche terminée'],
  },
  {
    type: 'referral_bonus',
    amount: 100,
    metadata: { referrerUsername: 'anna', event: 'joined_with_code' },
    en: ['Referral bonus', "Joined with anna's invite"],
    fr: ['Bonus de parrainage', 'Inscrit avec l’invitation de anna'],
  },
  {
    type: 'referral_reward',
    amount: 150,
    metadata: { friendUsername: 'bob', event: 'first_mining_claim' },
    en: ['Referral reward', 'bob started mining'],
    fr: ['Récompense de parrainage', 'bob a commencé à miner'],
  },
  {
    type: 'referral_reward',
    amount: 150,
    metadata: { friendUsername: null },
    en: ['Referral reward', 'A friend started mining'],
    fr: ['Récompense de parrainage', 'Un ami a commencé à miner'],
  },
  {
    type: 'referral_bonus_reversal',
    amount: -100,
    metadata: { referrerUsername: 'anna', event: 'referral_removed' },
    en: ['Referral bonus (reversed)', 'Referral by anna removed'],
    fr: ['Bonus de parrainage (annulé)', 'Parrainage de anna retiré'],
  },
  {
    type: 'referral_reward_reversal',
    amount: -150,
    metadata: { friendUsername: 'bob', event: 'referral_removed' },
    en: ['Referral reward (reversed)', 'bob removed from your referrals'],
    fr: ['Récompense de parrainage (annulé)', 'bob retiré de vos filleuls'],
  },
  {
    type: 'referral_reward_reversal',
    amount: -150,
    metadata: { friendUsername: 'bob', event: 'integrity_ring' },
    en: ['Referral reward (reversed)', 'Reward for bob taken back after a review'],
    fr: ['Récompense de parrainage (annulé)', 'Récompense pour bob reprise après un examen'],
  },
  {
    type: 'feedback_reward',
    metadata: { feedbackId: 'f1', feedbackTitle: 'Clock drifts' },
    en: ['Feedback reward', 'For your feedback “Clock drifts”'],
    fr: ['Récompense d’avis', 'Pour votre avis « Clock drifts »'],
  },
  {
    type: 'feedback_reward',
    currency: 'SEB',
    metadata: { feedbackId: 'f1' },
    en: ['Feedback reward', 'For your feedback'],
    fr: ['Récompense d’avis', 'Pour votre avis'],
  },
  {
    type: 'daily_login',
    metadata: { day: '2025-01-05' },
    en: ['Daily login', 'Login on Jan 5, 2025'],
    fr: ['Connexion quotidienne', 'Connexion du 5 janv. 2025'],
  },
  {
    type: 'daily_login',
    currency: 'SEB',
    metadata: {},
    en: ['Daily login', 'Daily login bonus'],
    fr: ['Connexion quotidienne', 'Bonus de connexion quotidienne'],
  },
  {
    type: 'admin_adjustment',
    amount: -2,
    metadata: { reason: 'Duplicate payout' },
    en: ['Admin adjustment', 'Reason: Duplicate payout'],
    fr: ['Ajustement administratif', 'Motif : Duplicate payout'],
  },
  {
    type: 'admin_adjustment',
    metadata: {},
    en: ['Admin adjustment', 'Balance corrected by the team'],
    fr: ['Ajustement administratif', 'Solde corrigé par l’équipe'],
  },
  { type: 'withdrawal', amount: -10, en: ['Withdrawal', null], fr: ['Retrait', null] },
  { type: 'purchase', amount: -10, en: ['Purchase', null], fr: ['Achat', null] },
  {
    type: 'purchase_reversal',
    amount: 10,
    en: ['Purchase (reversed)', 'An earlier entry was reversed'],
    fr: ['Achat (annulé)', 'Une opération précédente a été annulée'],
  },
  // A type this client does not know yet: its description is the only text there is.
  {
    type: 'airdrop',
    description: 'Airdrop week 1',
    en: ['Transaction', 'Airdrop week 1'],
    fr: ['Transaction', 'Airdrop week 1'],
  },
];

function renderRow(entry: Case) {
  const transaction: TransactionView = {
    id: crypto.randomUUID(),
    type: entry.type,
    currency: entry.currency ?? 'ZP',
    amount: entry.amount ?? 50,
    description: entry.description ?? STORED_ENGLISH,
    created_at: '2024-03-05T10:00:00.000Z',
    metadata: entry.metadata ?? {},
  };
  render(
    <AppRoot appearance="light">
      <ul>
        <TransactionRow transaction={transaction} testId="row" />
      </ul>
    </AppRoot>,
  );
  return screen.getByTestId('row');
}

const spaces = (text: string | null | undefined) => text?.replace(/\s/g, ' ') ?? null;

afterAll(() => applyLanguage('en'));

describe.each(['en', 'fr'] as const)('a ledger row in %s', (language) => {
  it.each(CASES.map((c) => [`${c.type} ${c.currency ?? 'ZP'} ${JSON.stringify(c.metadata ?? {})}`, c] as const))(
    'is said from type and metadata: %s',
    async (_name, entry) => {
      await applyLanguage(language);
      const row = renderRow(entry);
      const [title, line] = entry[language];
      expect(row.querySelector('.zv-tx__title')!.textContent).toBe(`${title} ${entry.currency ?? 'ZP'}`);
      // Intl puts no-break spaces in numbers and units ("4 heures"): compared as plain spaces.
      expect(spaces(within(row).queryByTestId('transaction-line')?.textContent)).toBe(line);
      expect(row.textContent).not.toContain(STORED_ENGLISH);
    },
  );

  it("prefers the task's title in the reader's language when the tasks list is at hand", async () => {
    await applyLanguage(language);
    const transaction: TransactionView = {
      id: crypto.randomUUID(),
      type: 'task_reward',
      currency: 'ZP',
      amount: 25,
      description: STORED_ENGLISH,
      created_at: '2024-03-05T10:00:00.000Z',
      metadata: { taskId: 't1', taskTitle: 'Follow Ziver on X' },
    };
    const titles: Record<string, string> = { t1: 'Suivez Ziver sur X' };
    render(
      <ul>
        <TransactionRow transaction={transaction} testId="row" taskTitleOf={(id) => titles[id]} />
      </ul>,
    );
    expect(spaces(screen.getByTestId('transaction-line').textContent)).toBe(
      language === 'fr' ? 'Tâche : Suivez Ziver sur X' : 'Task: Suivez Ziver sur X',
    );
  });

  it('writes the amount and the date the language’s way', async () => {
    await applyLanguage(language);
    const row = renderRow({ type: 'mining_reward', amount: 1234.5, en: ['', null], fr: ['', null] });
    expect(spaces(within(row).getByTestId('transaction-amount').textContent)).toBe(
      language === 'fr' ? '+1 234,5 ZP' : '+1,234.5 ZP',
    );
    expect(row.querySelector('time')!.textContent).toMatch(language === 'fr' ? /^5 mars 2024/ : /^Mar 5, 2024/);
  });
});
