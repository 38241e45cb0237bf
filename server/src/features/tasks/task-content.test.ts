import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { adminTaskResponseSchema, adminTasksResponseSchema, TASK_MESSAGES, type Language } from '@ziver/shared';
import { adminAuditLog, taskCompletions, tasks } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/** Issue 12 (task content in five languages) and issue 14 (the tasks editor's API). */
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const db = () => server.database.db;
const reader = (language: Language) => insertUser(server, { language });
const put = (path: string, body: unknown, token: string) => server.request('PUT', path, { body, token });
const titleOf = async (token: string, slugOrId: string) => {
  const list = await server.get('/api/tasks', token);
  expect(list.status).toBe(200);
  const [row] = await db().select().from(tasks).where(eq(tasks.slug, slugOrId));
  const id = row?.id ?? slugOrId;
  return list.body.find((t: { id: string }) => t.id === id) as { title: string; description: string } | undefined;
};
async function auditOf(taskId: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'task'), eq(adminAuditLog.targetId, taskId)))
    .orderBy(desc(adminAuditLog.id));
}

const newTask = {
  title: 'Mine for a week',
  description: 'Mine for 7 days in total.',
  rules: [{ rule_type: 'mining_session_duration', expectedValue: 10080 }],
  zp_reward: 500,
  seb_reward: 100,
  sort_order: 900,
  translations: {
    es: { title: 'Mina durante una semana', description: 'Mina 7 días en total.' },
    fr: { title: 'Minez pendant une semaine', description: '' },
    zh: { title: '', description: '累计挖矿 7 天。' },
  },
};

describe("GET /api/tasks in the reader's language", () => {
  it.each([
    ['en', 'Follow Ziver on X', 'Follow @ZiverOfficial on X (Twitter) for news and announcements.'],
    ['es', 'Sigue a Ziver en X', 'Sigue a @ZiverOfficial en X (Twitter) para recibir noticias y anuncios.'],
    ['fr', 'Suivez Ziver sur X', 'Suivez @ZiverOfficial sur X (Twitter) pour les actualités et les annonces.'],
    ['de', 'Folge Ziver auf X', 'Folge @ZiverOfficial auf X (Twitter) für Neuigkeiten und Ankündigungen.'],
    ['zh', '在 X 上关注 Ziver', '在 X（Twitter）上关注 @ZiverOfficial，获取新闻和公告。'],
  ] as const)('answers a %s reader the seeded task in that language', async (language, title, description) => {
    const { token } = await reader(language);
    expect(await titleOf(token, 'follow-ziver-on-x')).toMatchObject({ title, description });
  });

  it('translates every seeded task (the migration), active and retired, in all four languages', async () => {
    const seededSlugs = [
      'follow-ziver-on-x',
      'join-ziver-telegram',
      'visit-ziver-website',
      'mining-streak-3',
      'mining-streak-7',
      'mine-for-a-day',
      'invite-first-friend',
      'invite-five-friends',
      'zp-balance-500',
      'seb-score-100',
      'complete-three-tasks',
      'committed-miner',
      'join-ziver-channel',
    ];
    const rows = await db().select().from(tasks).where(inArray(tasks.slug, seededSlugs));
    expect(rows).toHaveLength(seededSlugs.length);
    for (const row of rows) {
      for (const language of ['es', 'fr', 'de', 'zh'] as const) {
        const text = row.translations[language];
        const isTranslated = Boolean(text?.title && text.description && text.title !== row.title);
        expect([row.slug, language, isTranslated]).toEqual([row.slug, language, true]);
      }
    }
  });

  it('follows a change of the language setting, and the completion reward names the task in it', async () => {
    const user = await reader('en');
    expect((await titleOf(user.token, 'visit-ziver-website'))?.title).toBe('Visit the Ziver website');
    const changed = await put('/api/settings/appearance/language', { language: 'de' }, user.token);
    expect(changed.status).toBe(200);
    expect((await titleOf(user.token, 'visit-ziver-website'))?.title).toBe('Besuche die Website von Ziver');
    const [row] = await db().select().from(tasks).where(eq(tasks.slug, 'visit-ziver-website'));
    const done = await server.post(`/api/tasks/${row!.id}/complete`, {}, user.token);
    expect(done.status).toBe(200);
    expect(done.body.reward.taskTitle).toBe('Besuche die Website von Ziver');
    // The ledger keeps the task's id (and English title) for the history to name it later.
    expect(done.body.message).toContain(TASK_MESSAGES.completed);
  });
});

describe('admin task editor API', () => {
  it('creates a task in five languages; readers get their language, each missing field in English', async () => {
    const created = await server.post('/api/tasks', newTask, admin.token);
    expect(created.status).toBe(201);
    expect(adminTaskResponseSchema.parse(created.body).task).toMatchObject({
      title: 'Mine for a week',
      completions: 0,
      translations: {
        es: { title: 'Mina durante una semana', description: 'Mina 7 días en total.' },
        fr: { title: 'Minez pendant une semaine', description: null },
        de: { title: null, description: null },
        zh: { title: null, description: '累计挖矿 7 天。' },
      },
    });
    const id = created.body.task.id as string;
    const [row] = await db().select().from(tasks).where(eq(tasks.id, id));
    // Blank means "uses English": stored as absent, never as an empty string.
    expect(row!.translations).toEqual({
      es: { title: 'Mina durante una semana', description: 'Mina 7 días en total.' },
      fr: { title: 'Minez pendant une semaine' },
      zh: { description: '累计挖矿 7 天。' },
    });

    const expected: Record<Language, [string, string]> = {
      en: ['Mine for a week', 'Mine for 7 days in total.'],
      es: ['Mina durante una semana', 'Mina 7 días en total.'],
      fr: ['Minez pendant une semaine', 'Mine for 7 days in total.'],
      de: ['Mine for a week', 'Mine for 7 days in total.'],
      zh: ['Mine for a week', '累计挖矿 7 天。'],
    };
    for (const [language, [title, description]] of Object.entries(expected)) {
      const { token } = await reader(language as Language);
      expect([language, await titleOf(token, id)]).toEqual([language, expect.objectContaining({ title, description })]);
    }

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'task.create', adminId: admin.user.id, before: null });
    expect(entry!.after).toMatchObject({
      title: 'Mine for a week',
      translations: { es: { title: 'Mina durante una semana' } },
    });
  });

  it('edits, retires and reactivates, each audited with before and after; counts completions in SQL', async () => {
    const created = await server.post('/api/tasks', { ...newTask, title: 'Edit me' }, admin.token);
    const id = created.body.task.id as string;
    const spanish = await reader('es');

    const edited = await put(
      `/api/tasks/${id}`,
      { title: 'Edited', zp_reward: 450, translations: { es: { title: 'Editada' } } },
      admin.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.task).toMatchObject({
      title: 'Edited',
      zp_reward: 450,
      translations: {
        es: { title: 'Editada', description: null },
        fr: { title: null, description: null },
        zh: { title: null, description: null },
      },
    });
    expect(await titleOf(spanish.token, id)).toMatchObject({
      title: 'Editada',
      description: 'Mine for 7 days in total.',
    });
    const [update] = await auditOf(id);
    expect(update).toMatchObject({ action: 'task.update', adminId: admin.user.id });
    expect(update!.before).toEqual({
      title: 'Edit me',
      zp_reward: 500,
      translations: newTaskTranslationsAsAnswered(),
    });
    expect(Object.keys(update!.after as object).sort()).toEqual(['title', 'translations', 'zp_reward']);

    // An edit that changes nothing writes no entry.
    await put(`/api/tasks/${id}`, { title: 'Edited' }, admin.token);
    expect(await auditOf(id)).toHaveLength(2);

    await db()
      .insert(taskCompletions)
      .values([
        { userId: spanish.user.id, taskId: id },
        { userId: admin.user.id, taskId: id },
      ]);
    const list = await server.get('/api/tasks/admin', admin.token);
    expect(list.status).toBe(200);
    expect(adminTasksResponseSchema.parse(list.body).tasks.find((t) => t.id === id)).toMatchObject({ completions: 2 });

    const retired = await server.request('DELETE', `/api/tasks/${id}`, { token: admin.token });
    expect(retired.body.task).toMatchObject({ retired_at: expect.any(String), completions: 2 });
    expect(await titleOf(spanish.token, id)).toBeUndefined();
    await server.request('DELETE', `/api/tasks/${id}`, { token: admin.token });
    const reactivated = await server.post(`/api/tasks/${id}/reactivate`, {}, admin.token);
    expect([reactivated.status, reactivated.body.message, reactivated.body.task.retired_at]).toEqual([
      200,
      TASK_MESSAGES.reactivated,
      null,
    ]);
    expect(await titleOf(spanish.token, id)).toMatchObject({ title: 'Editada' });
    // Reactivating an active task changes nothing and records nothing.
    await server.post(`/api/tasks/${id}/reactivate`, {}, admin.token);

    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(['task.reactivate', 'task.retire', 'task.update', 'task.create']);
    expect(entries[1]).toMatchObject({
      before: { retired_at: null },
      after: { retired_at: retired.body.task.retired_at },
    });
    expect(entries[0]).toMatchObject({
      before: { retired_at: retired.body.task.retired_at },
      after: { retired_at: null },
    });
  });

  it('refuses bad translations with a clear 400 that changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...newTask, translations: { it: { title: 'Mina' } } }, 'translations may only hold es, fr, de, zh'],
      [
        { ...newTask, translations: { es: { title: 'x'.repeat(101) } } },
        'A translated title may be at most 100 characters',
      ],
      [
        { ...newTask, translations: { de: { description: 'x'.repeat(1001) } } },
        'A translated description may be at most 1000 characters',
      ],
      [{ ...newTask, translations: { fr: { title: 42 } } }, ''],
      [{ ...newTask, title: '   ' }, 'Title is required'],
    ];
    const before = (await db().select().from(tasks)).length;
    for (const [body, message] of cases) {
      const res = await server.post('/api/tasks', body, admin.token);
      expect([res.status, res.body.success]).toEqual([400, false]);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    const seeded = await db().select().from(tasks).where(eq(tasks.slug, 'mining-streak-3'));
    const bad = await put(
      `/api/tasks/${seeded[0]!.id}`,
      { translations: { es: { title: 'x'.repeat(101) } } },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect((await db().select().from(tasks)).length).toBe(before);
    const [unchanged] = await db().select().from(tasks).where(eq(tasks.slug, 'mining-streak-3'));
    expect(unchanged!.translations.es?.title).toBe('Tres días seguidos');
    expect((await server.post('/api/tasks/nope/reactivate', {}, admin.token)).status).toBe(404);
    expect(
      (await server.post('/api/tasks/00000000-0000-4000-8000-000000000000/reactivate', {}, admin.token)).status,
    ).toBe(404);
  });

  it('answers 403 to a USER and a TESTER (401 signed out) on every admin task call, changing nothing', async () => {
    const [target] = await db().select().from(tasks).where(eq(tasks.slug, 'zp-balance-500'));
    const id = target!.id;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/tasks/admin', undefined],
      ['POST', '/api/tasks', newTask],
      ['PUT', `/api/tasks/${id}`, { title: 'Hacked', translations: {} }],
      ['DELETE', `/api/tasks/${id}`, undefined],
      ['POST', `/api/tasks/${id}/reactivate`, {}],
    ];
    for (const role of ['USER', 'TESTER'] as const) {
      const { token } = await insertUser(server, { role });
      for (const [method, path, body] of calls) {
        const res = await server.request(method, path, { body, token });
        expect([role, method, path, res.status, res.body.code]).toEqual([role, method, path, 403, 'FORBIDDEN']);
      }
    }
    for (const [method, path, body] of calls)
      expect([method, path, (await server.request(method, path, { body })).status]).toEqual([method, path, 401]);
    const [after] = await db().select().from(tasks).where(eq(tasks.id, id));
    expect(after).toEqual(target);
    expect(await auditOf(id)).toEqual([]);
  });
});

function newTaskTranslationsAsAnswered() {
  return {
    es: { title: 'Mina durante una semana', description: 'Mina 7 días en total.' },
    fr: { title: 'Minez pendant une semaine', description: null },
    de: { title: null, description: null },
    zh: { title: null, description: '累计挖矿 7 天。' },
  };
}
