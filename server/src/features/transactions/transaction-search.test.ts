import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tasks } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { postLedgerEntries, type LedgerEntry } from './post-ledger-entries.js';

/**
 * Issue 30, item 3: the history search finds what the reader sees on a row, not only the stored
 * English fields: the usernames and reasons a row shows, the task's title in the reader's
 * language, and the types whose row text the app found the words in (`searchTypes`).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
});
afterAll(() => server.stop());

let seq = 0;
async function seed(userId: string, entries: Omit<LedgerEntry, 'idempotencyKey'>[]): Promise<void> {
  for (const entry of entries) {
    await server.database.db.transaction((tx) =>
      postLedgerEntries(tx, server.deps.invalidations, userId, [{ ...entry, idempotencyKey: `search-seed:${++seq}` }]),
    );
  }
}

describe('history search', () => {
  let token = '';
  const list = async (query: string) => {
    const res = await server.get(`/api/transactions?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { transactions: { id: string; type: string }[]; pagination: Record<string, number> };
  };
  const types = async (query: string) => (await list(query)).transactions.map((row) => row.type).sort();
  const setLanguage = async (language: string) => {
    const res = await server.request('PUT', '/api/settings/appearance/language', { body: { language }, token });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    const user = await registerUser(server);
    token = user.token;
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.slug, 'visit-ziver-website'));
    // Descriptions that name none of what the row shows, so only the new matches can find it.
    await seed(user.user.id, [
      {
        type: 'referral_bonus',
        currency: 'ZP',
        amount: 100,
        description: 'Referral bonus',
        metadata: { referrerUsername: 'alice_ref', event: 'joined_with_code' },
      },
      ...['bob_friend', 'cleo_friend', 'dan_friend'].map((friendUsername) => ({
        type: 'referral_reward' as const,
        currency: 'ZP' as const,
        amount: 150,
        description: 'Referral reward',
        metadata: { friendUsername, event: 'first_mining_claim' },
      })),
      {
        type: 'task_reward',
        currency: 'ZP',
        amount: 15,
        description: 'Task reward',
        metadata: { taskId: task!.id, taskTitle: task!.title },
      },
      {
        type: 'admin_adjustment',
        currency: 'ZP',
        amount: -2,
        description: 'Admin adjustment',
        metadata: { reason: 'Duplicate payout' },
      },
    ]);
  });

  it('keeps a plain search on the stored fields, as other clients send it', async () => {
    expect(await types('search=invite')).toEqual([]);
    expect(await types('search=website')).toEqual(['task_reward']);
  });

  it('matches the types the app names for the words, ORed with the stored fields', async () => {
    expect(await types('search=invite&searchTypes=referral_bonus')).toEqual(['referral_bonus']);
    expect(await types('search=website&searchTypes=referral_bonus')).toEqual(['referral_bonus', 'task_reward']);
    // Still within the other filters.
    expect(await types('search=invite&searchTypes=referral_bonus&currency=SEB')).toEqual([]);
  });

  it('matches the usernames and the reason a row shows', async () => {
    expect(await types('search=ALICE_REF')).toEqual(['referral_bonus']);
    expect(await types('search=bob_fr')).toEqual(['referral_reward']);
    expect(await types('search=duplicate')).toEqual(['admin_adjustment']);
  });

  it("matches the task's title in the reader's language", async () => {
    expect(await types('search=Besuche')).toEqual([]);
    await setLanguage('de');
    try {
      expect(await types('search=besuche%20die')).toEqual(['task_reward']);
      expect(await types('search=Ziver%20website')).toEqual(['task_reward']);
    } finally {
      await setLanguage('en');
    }
  });

  it('counts the matches for paging', async () => {
    const query = 'search=Empfehlung&searchTypes=referral_bonus,referral_reward&limit=3';
    const first = await list(query);
    expect(first.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 4, limit: 3 });
    const second = await list(`${query}&page=2`);
    expect(second.transactions).toHaveLength(1);
    const ids = [...first.transactions, ...second.transactions].map((row) => row.id);
    expect(new Set(ids).size).toBe(4);
  });

  it.each([
    ['search=x&searchTypes=bogus', 'searchTypes must be a comma-separated list of: mining_reward'],
    ['search=x&searchTypes=referral_bonus,,task_reward', 'searchTypes must be a comma-separated list'],
    ['searchTypes=referral_bonus', 'searchTypes needs search'],
    ['search=x&searchTypes=referral_bonus&searchTypes=task_reward', 'searchTypes must be a comma-separated list'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await server.get(`/api/transactions?${query}`, token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.message).toContain(message);
  });
});
