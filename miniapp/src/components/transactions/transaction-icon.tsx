import { isReversal, knownTypeOf } from './transaction-format';

const PATHS = {
  mining_reward: 'M14.5 3.5l6 6-2 2-1.6-1.6L8.4 18.4a2 2 0 01-2.8-2.8l8.5-8.5L12.5 5.5l2-2zM4 20l2-2',
  task_reward: 'M21 12a9 9 0 11-18 0 9 9 0 0118 0zM8 12.5l2.8 2.8L16 9.5',
  referral_bonus:
    'M15 20v-1.5a4 4 0 00-4-4H6.5a4 4 0 00-4 4V20M8.8 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM19 8v6M22 11h-6',
  referral_reward:
    'M16 20v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 10a4 4 0 100-8 4 4 0 000 8zm13 10v-2a4 4 0 00-3-3.9M16 2.1a4 4 0 010 7.8',
  feedback_reward: 'M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12zM8.5 12h.01M12 12h.01M15.5 12h.01',
  daily_login: 'M4 6h16v14H4V6zm0 4h16M8 3v4M16 3v4M9 15l2 2 4-4',
  admin_adjustment: 'M12 3l8 3v6c0 5-8 9-8 9s-8-4-8-9V6l8-3zm-3 9h6m-3-3v6',
  withdrawal: 'M7 17L17 7M9 7h8v8',
  purchase: 'M5 8h14l-1.2 12H6.2L5 8zm4 0V6.5a3 3 0 016 0V8',
  reversal: 'M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3',
  other: 'M12 21a9 9 0 100-18 9 9 0 000 18zm0-9h.01',
} as const;

/** The icon of a transaction type; reversals share one "undo" icon. Decorative: the label says it. */
export function TransactionIcon({ type, size = 20 }: { type: string; size?: number }) {
  const known = knownTypeOf(type);
  const path = isReversal(type) ? PATHS.reversal : known ? PATHS[known] : PATHS.other;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
