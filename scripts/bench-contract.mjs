#!/usr/bin/env node
// `node scripts/bench-contract.mjs`: what CONTRACT_CHECK costs per answer. For three typical
// answers (the task list, the mining status, a page of 20 transactions) it times the contract
// check (schema safeParse) against JSON.stringify of the same body, the work every answer
// already pays, measured in the same run. Run `npm run typecheck` first (it reads shared/dist).
import { performance } from 'node:perf_hooks';
import { CONTRACT } from '../shared/dist/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 20_000);
const now = new Date().toISOString();
const rule = {
  rule_type: 'mining_streak',
  isValid: false,
  message: 'Mining streak: 1/3 days (2 more needed)',
  expectedValue: 3,
  actualValue: 1,
};
const task = (i) => ({
  id: `00000000-0000-0000-0000-00000000000${i % 10}`,
  title: `Task ${i}`,
  description: 'Do the thing and earn points for it',
  link_url: i % 2 ? 'https://ziver.io' : null,
  zp_reward: 100,
  seb_reward: 20,
  kind: i % 2 ? 'link' : 'rule',
  is_completed: false,
  completed_at: null,
  progress: { percentage: 33, canComplete: false, completedCount: 0, totalCount: 1, progress: [rule] },
});
const bodies = {
  tasks: Array.from({ length: 10 }, (_, i) => task(i)),
  miningStatus: {
    success: true,
    isMining: true,
    canClaim: false,
    timeRemaining: 3_600_000,
    progress: 0.25,
    cycleEndsAt: now,
    userData: { zp_balance: 150, social_capital_score: 30, daily_streak_count: 2, mining_session_start_time: now },
    appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
  },
  transactions: {
    success: true,
    transactions: Array.from({ length: 20 }, (_, i) => ({
      id: `tx-${i}`,
      type: 'mining_reward',
      currency: 'ZP',
      amount: 50,
      description: 'Mining reward',
      created_at: now,
      metadata: { duration: 240, streak: 2 },
    })),
    pagination: { currentPage: 1, totalPages: 3, totalCount: 55, limit: 20, hasNextPage: true, hasPrevPage: false },
  },
};

function time(fn) {
  for (let i = 0; i < 1000; i++) fn(); // warm up
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) fn();
  return ((performance.now() - start) * 1000) / ROUNDS; // µs per call
}

for (const [id, body] of Object.entries(bodies)) {
  const schema = CONTRACT[id].response;
  const check = schema.safeParse(body);
  if (!check.success) {
    console.error(`${id}: the sample body breaks its schema: ${check.error.message}`);
    process.exitCode = 1;
    continue;
  }
  const stringify = time(() => JSON.stringify(body));
  const parse = time(() => schema.safeParse(body));
  console.log(
    `${id.padEnd(13)} check ${parse.toFixed(1)} µs, JSON.stringify ${stringify.toFixed(1)} µs: ratio ${(parse / stringify).toFixed(2)}×`,
  );
}
