import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSystemResponseSchema,
  lockdownResponseSchema,
  OPERATOR_TEXT_MESSAGES,
  SYSTEM_MESSAGES,
} from '@ziver/shared';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  adminToken = (await insertUser(server, { role: 'ADMIN' })).token;
});
afterAll(() => server.stop());

const setLockdown = (body: unknown) => server.request('PUT', '/api/system/lockdown', { body, token: adminToken });
const statusIn = async (query: string) => (await server.get(`/api/system/status${query}`)).body;

describe('the lockdown message in five languages (issue 29, item 7)', () => {
  it('refuses bad translations with a clear 400 and changes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ enabled: true, translations: { fr: 'Maintenance' } }, 'message', OPERATOR_TEXT_MESSAGES.englishRequired],
      [
        { enabled: true, message: '  ', translations: { fr: 'Maintenance' } },
        'message',
        OPERATOR_TEXT_MESSAGES.englishRequired,
      ],
      [
        { enabled: true, message: 'Down', translations: { pt: 'Manutenção' } },
        'translations.pt',
        OPERATOR_TEXT_MESSAGES.unknownLanguage,
      ],
      [
        { enabled: true, message: 'Down', translations: { en: 'Down again' } },
        'translations.en',
        OPERATOR_TEXT_MESSAGES.unknownLanguage,
      ],
      [
        { enabled: true, message: 'Down', translations: { fr: 'x'.repeat(501) } },
        'translations.fr',
        'message must be at most 500 characters',
      ],
      [{ enabled: true, message: 'Down', translations: { de: 7 } }, 'translations.de', 'message must be text'],
      [
        { enabled: true, message: 'Down', translations: ['fr'] },
        'translations',
        OPERATOR_TEXT_MESSAGES.translationsInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await setLockdown(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, message }));
    }
    const english = await setLockdown({ enabled: true, translations: { fr: 'Maintenance' } });
    expect(english.body.messageKey).toBe('operatorTexts.englishRequired');
    expect(await statusIn('')).toMatchObject({ lockdownMode: false });
  });

  it('gives each reader their translation and English to the others', async () => {
    const on = await setLockdown({
      enabled: true,
      message: 'Upgrading the ledger',
      translations: { fr: '  Mise à jour du registre ', es: '' },
    });
    expect(on.status).toBe(200);
    // Trimmed, and an empty translation is no translation.
    expect(lockdownResponseSchema.parse(on.body).lockdown).toMatchObject({
      message: 'Upgrading the ledger',
      translations: { fr: 'Mise à jour du registre' },
    });
    expect(await statusIn('?lang=fr')).toMatchObject({
      lockdownMode: true,
      message: 'Mise à jour du registre',
      messageKey: 'server.verbatim',
      params: { text: 'Mise à jour du registre' },
    });
    for (const query of ['?lang=de', '?lang=es', '?lang=en', '']) {
      expect(await statusIn(query), query).toMatchObject({ message: 'Upgrading the ledger' });
    }
    const bad = await server.get('/api/system/status?lang=pt');
    expect([bad.status, bad.body.message]).toEqual([400, SYSTEM_MESSAGES.statusLanguageInvalid]);
    const system = adminSystemResponseSchema.parse((await server.get('/api/admin/system', adminToken)).body);
    expect(system.lockdown.translations).toEqual({ fr: 'Mise à jour du registre' });
  });

  it('drops the translations with the English message (the default text is translated by the app)', async () => {
    await setLockdown({ enabled: true, message: 'Back soon', translations: { de: 'Gleich zurück' } });
    expect(await statusIn('?lang=de')).toMatchObject({ message: 'Gleich zurück' });
    const plain = await setLockdown({ enabled: true, message: null });
    expect(plain.body.lockdown).toMatchObject({ message: null, translations: {} });
    expect(await statusIn('?lang=de')).toMatchObject({ messageKey: 'server.lockdown' });
    await setLockdown({ enabled: false });
    expect(await statusIn('?lang=de')).toEqual(expect.not.objectContaining({ message: expect.anything() }));
  });
});
