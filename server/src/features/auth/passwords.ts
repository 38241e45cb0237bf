import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes): ~20-30 ms of CPU on this hardware.
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The unit and integration tests hash a few thousand passwords (every registration and login),
 * ~30 ms of CPU each at the production cost: a large share of `npm test`. The test runner sets
 * ZIVER_TEST_PASSWORD_HASH=light (vitest.config.ts, server project only) and gets the same
 * argon2id with 1 MiB and one pass. Honoured only together with NODE_ENV=test (vitest's), never
 * by `npm start` or the browser tests' production servers; verification reads the cost from
 * each stored hash either way.
 */
const LIGHT_TEST_OPTIONS = { memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.ZIVER_TEST_PASSWORD_HASH === 'light'
    ? LIGHT_TEST_OPTIONS
    : PASSWORD_HASH_OPTIONS;
}

const OPTIONS = passwordHashOptions();

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A hash of a random value nobody knows, at the cost in force (verification reads the cost from
// the hash), verified when the user does not exist, so that the response time does not tell
// whether an email is registered. Fixed text: nothing to compute or keep at run time.
const DECOY_HASH =
  OPTIONS === LIGHT_TEST_OPTIONS
    ? '$argon2id$v=19$m=1024,t=1,p=1$aIjqPQLx7+Ve5XirWO9uIg$Jec84IfUId3LC7Wplggj0IboX2wRHY9BrRU+WI5ZWA4'
    : '$argon2id$v=19$m=19456,t=2,p=1$b+KcY3lvJHES1PJnYqd0mA$IhqOK+6XkvlegV0nRw0t8eX+7JWoANY2Plu1H7XPsRw';

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(DECOY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
