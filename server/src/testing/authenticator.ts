import { generate } from 'otplib';
import type { TestServer } from './test-server.js';

const PERIOD = 30;

/**
 * A test stand-in for an authenticator app: computes RFC 6238 codes with otplib from the
 * secret the setup screen shows. `nextCode` never repeats a time step (the server accepts each
 * step once) and stays inside the server's ±1 step window.
 */
export class TestAuthenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  static currentStep(): number {
    return Math.floor(Date.now() / 1000 / PERIOD);
  }

  /** The code for an exact time step. */
  codeAt(step: number): Promise<string> {
    return generate({ secret: this.secret, epoch: step * PERIOD, period: PERIOD });
  }

  /** A code for a step not used yet: the current one, else the next (the window allows +1). */
  async nextCode(): Promise<string> {
    const now = TestAuthenticator.currentStep();
    const step = Math.max(this.lastStep + 1, now);
    if (step > now + 1) throw new Error('no unused time step inside the window: wait for the next 30 s step');
    this.lastStep = step;
    return this.codeAt(step);
  }

  /** The code last handed out again (to test reuse). */
  lastCode(): Promise<string> {
    return this.codeAt(this.lastStep);
  }
}

/** Turns 2FA on for a signed-in user through the API, as the security screen does. */
export async function enableTwoFactorFor(
  server: TestServer,
  token: string,
): Promise<{ authenticator: TestAuthenticator; backupCodes: string[]; setup: Record<string, unknown> }> {
  const setup = await server.get('/api/settings/security/two-factor/setup', token);
  if (setup.status !== 200) throw new Error(`2FA setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const authenticator = new TestAuthenticator(setup.body.manualEntryCode);
  const enabled = await server.request('PUT', '/api/settings/security/two-factor', {
    token,
    body: { enable: true, verificationCode: await authenticator.nextCode() },
  });
  if (enabled.status !== 200) throw new Error(`2FA enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { authenticator, backupCodes: setup.body.backupCodes, setup: setup.body };
}
