import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSystemResponseSchema,
  launchTextResponseSchema,
  OPERATOR_TEXT_MESSAGES,
  publicLaunchTextResponseSchema,
} from '@ziver/shared';
import { eq } from 'drizzle-orm';
import { adminAuditLog } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  adminToken = (await insertUser(server, { role: 'ADMIN' })).token;
  userToken = (await insertUser(server)).token;
});
afterAll(() => server.stop());

const setText = (body: unknown, token = adminToken) =>
  server.request('PUT', '/api/admin/system/launch-text', { body, token });
const textIn = async (query: string) => {
  const res = await server.get(`/api/system/launch-text${query}`);
  expect(res.status).toBe(200);
  return publicLaunchTextResponseSchema.parse(res.body).text;
};
const auditCount = async () =>
  (await server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'system.launch_text'))).length;

describe("the coming-soon pages' launch text (issue 38, item 15)", () => {
  it('has none until an operator writes one: the app shows its default', async () => {
    expect(await textIn('')).toBeNull();
    expect(await textIn('?lang=fr')).toBeNull();
    const system = adminSystemResponseSchema.parse((await server.get('/api/admin/system', adminToken)).body);
    expect(system.launchText).toEqual({ message: null, translations: {}, updatedAt: null });
  });

  it('refuses bad input with a clear 400, and others than admins, changing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ translations: { fr: 'Lancement en mars' } }, 'message', OPERATOR_TEXT_MESSAGES.englishRequired],
      [
        { message: 'Soon', translations: { pt: 'Em breve' } },
        'translations.pt',
        OPERATOR_TEXT_MESSAGES.unknownLanguage,
      ],
      [{ message: 'x'.repeat(121) }, 'message', 'message must be at most 120 characters'],
      [{ message: 7 }, 'message', 'message must be text'],
      [{ message: 'Soon', translations: ['fr'] }, 'translations', OPERATOR_TEXT_MESSAGES.translationsInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await setText(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await setText({ message: 'Soon' }, userToken)).status).toBe(403);
    expect((await server.request('PUT', '/api/admin/system/launch-text', { body: { message: 'Soon' } })).status).toBe(
      401,
    );
    expect((await server.get('/api/system/launch-text?lang=pt')).status).toBe(400);
    expect(await textIn('')).toBeNull();
    expect(await auditCount()).toBe(0);
  });

  it('gives each reader their translation and English to the others, audited', async () => {
    const saved = await setText({
      message: ' Launching in spring 2027 ',
      translations: { de: 'Start im Frühjahr 2027', es: '' },
    });
    expect(saved.status).toBe(200);
    expect(launchTextResponseSchema.parse(saved.body)).toMatchObject({
      messageKey: 'system.launchTextSaved',
      launchText: { message: 'Launching in spring 2027', translations: { de: 'Start im Frühjahr 2027' } },
    });
    expect(await textIn('?lang=de')).toBe('Start im Frühjahr 2027');
    for (const query of ['', '?lang=en', '?lang=es', '?lang=zh'])
      expect(await textIn(query)).toBe('Launching in spring 2027');
    const system = adminSystemResponseSchema.parse((await server.get('/api/admin/system', adminToken)).body);
    expect(system.launchText).toMatchObject({
      message: 'Launching in spring 2027',
      translations: { de: 'Start im Frühjahr 2027' },
    });
    expect(await auditCount()).toBe(1);
  });

  it('clears with an empty message: back to the default', async () => {
    const cleared = await setText({ message: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.launchText).toMatchObject({ message: null, translations: {} });
    expect(await textIn('?lang=de')).toBeNull();
    expect(await auditCount()).toBe(2);
  });
});
