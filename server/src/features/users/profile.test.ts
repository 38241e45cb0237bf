import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, telegramAutoSaveResponseSchema, updateProfileResponseSchema } from '@ziver/shared';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

const putProfile = (body: unknown, token?: string) => server.request('PUT', '/api/user/profile', { body, token });
const autoSave = (body: unknown, token?: string) => server.post('/api/user/telegram-auto-save', body, token);

describe('PUT /api/user/profile', () => {
  it('saves the four fields, strips a leading @, and answers success, message and the user', async () => {
    const { token } = await registerUser(server);
    const res = await putProfile(
      {
        bio: '  Builder of halal things  ',
        telegram_username: '@ziver_fan',
        twitter_username: '@ziver',
        linkedin_url: 'https://www.linkedin.com/in/ziver-fan',
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(updateProfileResponseSchema.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      user: {
        bio: 'Builder of halal things',
        telegram_username: 'ziver_fan',
        twitter_username: 'ziver',
        linkedin_url: 'https://www.linkedin.com/in/ziver-fan',
      },
    });
    expect(res.body.user.password_hash).toBeUndefined();
    const me = await server.get('/api/user/me', token);
    expect(me.body.user).toMatchObject({ telegram_username: 'ziver_fan', twitter_username: 'ziver' });
  });

  it("keeps absent fields, and '' or null clears one", async () => {
    const { token } = await registerUser(server);
    await putProfile({ bio: 'Hello', twitter_username: 'someone', linkedin_url: 'https://linkedin.com/in/x' }, token);
    const partial = await putProfile({ twitter_username: '' }, token);
    expect(partial.status).toBe(200);
    expect(partial.body.user).toMatchObject({
      bio: 'Hello',
      twitter_username: null,
      linkedin_url: 'https://linkedin.com/in/x',
    });
    const cleared = await putProfile({ bio: null, linkedin_url: '' }, token);
    expect(cleared.body.user).toMatchObject({ bio: null, linkedin_url: null, twitter_username: null });
  });

  it('refuses invalid values with a clear 400 and changes nothing', async () => {
    const { token } = await registerUser(server);
    const cases: [unknown, string][] = [
      [{ bio: 'x'.repeat(501) }, PROFILE_MESSAGES.bioTooLong],
      [{ telegram_username: 'abcd' }, PROFILE_MESSAGES.telegramUsernameInvalid],
      [{ telegram_username: 'a'.repeat(33) }, PROFILE_MESSAGES.telegramUsernameInvalid],
      [{ telegram_username: 'bad-name' }, PROFILE_MESSAGES.telegramUsernameInvalid],
      [{ twitter_username: 'a'.repeat(16) }, PROFILE_MESSAGES.twitterUsernameInvalid],
      [{ twitter_username: 'has space' }, PROFILE_MESSAGES.twitterUsernameInvalid],
      [{ linkedin_url: 'http://linkedin.com/in/x' }, PROFILE_MESSAGES.linkedinUrlInvalid],
      [{ linkedin_url: 'https://evil.com/linkedin.com/' }, PROFILE_MESSAGES.linkedinUrlInvalid],
      [{ linkedin_url: 'https://linkedin.com.evil.com/in/x' }, PROFILE_MESSAGES.linkedinUrlInvalid],
      [{ linkedin_url: 'linkedin.com/in/x' }, PROFILE_MESSAGES.linkedinUrlInvalid],
      [{ bio: 42 }, PROFILE_MESSAGES.fieldType],
      [{}, PROFILE_MESSAGES.noFields],
    ];
    for (const [body, message] of cases) {
      const res = await putProfile(body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
    }
    const ok = await putProfile({ bio: 'x'.repeat(500), telegram_username: 'abcde', twitter_username: 'a' }, token);
    expect(ok.status).toBe(200);
    const me = await server.get('/api/user/me', token);
    expect(me.body.user).toMatchObject({ telegram_username: 'abcde', twitter_username: 'a', linkedin_url: null });
  });

  it('needs a session', async () => {
    expect((await putProfile({ bio: 'hi' })).status).toBe(401);
    expect((await putProfile({ bio: 'hi' }, 'not-a-token')).status).toBe(401);
  });
});

describe('POST /api/user/telegram-auto-save', () => {
  it('saves the detected username only when the account has none', async () => {
    const { token } = await registerUser(server);
    const first = await autoSave({ telegram_username: '@detected_user' }, token);
    expect(first.status).toBe(200);
    expect(telegramAutoSaveResponseSchema.parse(first.body)).toBeTruthy();
    expect(first.body).toMatchObject({ success: true, saved: true, user: { telegram_username: 'detected_user' } });

    const again = await autoSave({ telegram_username: 'another_name' }, token);
    expect(again.body).toMatchObject({ success: true, saved: false, user: { telegram_username: 'detected_user' } });

    // A username the user typed is never overwritten; once cleared, the next auto-save fills it.
    await putProfile({ telegram_username: 'typed_name' }, token);
    expect((await autoSave({ telegram_username: 'detected_user' }, token)).body).toMatchObject({
      saved: false,
      user: { telegram_username: 'typed_name' },
    });
    await putProfile({ telegram_username: '' }, token);
    expect((await autoSave({ telegram_username: 'detected_user' }, token)).body).toMatchObject({
      saved: true,
      user: { telegram_username: 'detected_user' },
    });
  });

  it('validates the username and needs a session', async () => {
    const { token } = await registerUser(server);
    expect((await autoSave({}, token)).body).toMatchObject({
      success: false,
      message: PROFILE_MESSAGES.telegramUsernameRequired,
    });
    const bad = await autoSave({ telegram_username: 'ab' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PROFILE_MESSAGES.telegramUsernameInvalid);
    expect((await autoSave({ telegram_username: 'detected_user' })).status).toBe(401);
  });
});
