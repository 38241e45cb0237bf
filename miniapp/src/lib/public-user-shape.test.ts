import { describe, expect, it } from 'vitest';
import { publicUserSchema } from '@ziver/shared';
import { buildUser } from '@/testing/factories';
import { expectAgreement, mutationsOf } from '@/testing/answer-agreement';
import type { Reader } from './answer-shape';
import { readPublicUser } from './public-user-shape';

describe('the public user reader agrees with publicUserSchema', () => {
  it.each([
    ['with every field filled', buildUser({ bio: 'hi', avatar_url: '/a.png', role: 'TESTER', language: 'de' })],
    ['with the nullable fields null', buildUser({ email: null, last_seen: null, theme: 'auto' })],
  ])('reads a user %s as the schema does, field by field', (_name, user) => {
    expect(readPublicUser(user)).toStrictEqual(publicUserSchema.parse(user));
    for (const [label, mutated] of mutationsOf(user)) {
      expectAgreement(readPublicUser as Reader<unknown>, publicUserSchema, mutated, label);
    }
  });

  it('drops fields the presenter does not list (a token, a password hash)', () => {
    const read = readPublicUser({ ...buildUser(), token: 't', password_hash: 'x' });
    expect(read).not.toHaveProperty('token');
    expect(read).not.toHaveProperty('password_hash');
  });
});
