import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminUserDetailResponseSchema,
  dashboardResponseSchema,
  englishMessage,
  tonProofPayloadResponseSchema,
  walletLinkedResponseSchema,
  walletStatusResponseSchema,
  type ServerMessageKey,
  type TonProofRequest,
} from '@ziver/shared';
import { adminAuditLog, tonProofPayloads, tonWalletEvents, tonWallets } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { newKeys, newWallet, signTonProof, type TestWallet } from '../../testing/ton-wallets.js';
import { payloadHashOf } from './issue-ton-proof-payload.js';

/**
 * Issue 31: TON Connect wallet linking with the real protocol — real wallet contracts' state
 * init (@ton/ton) from generated keys, proofs signed as a wallet signs them, real PostgreSQL.
 */
const DOMAIN = 'ziver.test';
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict', PUBLIC_URL: `https://${DOMAIN}` });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

type Account = Awaited<ReturnType<typeof insertUser>>;

async function payloadFor(account: Account): Promise<string> {
  const res = await server.post('/api/wallet/ton-proof/payload', {}, account.token);
  expect(res.status).toBe(200);
  return tonProofPayloadResponseSchema.parse(res.body).payload;
}

const link = (account: Account, request: TonProofRequest) =>
  server.post('/api/wallet/ton-proof', request, account.token);

/** Signs a fresh payload of the account with the wallet (options override the proof). */
async function proofFor(
  account: Account,
  wallet: TestWallet,
  options: Partial<Parameters<typeof signTonProof>[1]> = {},
) {
  return signTonProof(wallet, { payload: await payloadFor(account), domain: DOMAIN, ...options });
}

function expectRefused(res: Awaited<ReturnType<typeof link>>, status: number, code: string, key: ServerMessageKey) {
  expect([res.status, res.body.code, res.body.messageKey]).toEqual([status, code, key]);
  expect(res.body.message).toBe(englishMessage(key, {}));
}

const walletRows = (userId: string) =>
  server.database.db.select().from(tonWallets).where(eq(tonWallets.userId, userId));
const events = (userId: string) =>
  server.database.db
    .select({ action: tonWalletEvents.action, address: tonWalletEvents.address, adminId: tonWalletEvents.adminId })
    .from(tonWalletEvents)
    .where(eq(tonWalletEvents.userId, userId))
    .orderBy(tonWalletEvents.id);

describe('linking a wallet with ton_proof', () => {
  it.each(['v3R2', 'v4R2', 'v5R1'] as const)('links a %s wallet and shows it, non-bounceable', async (version) => {
    const account = await insertUser(server);
    const wallet = newWallet(version);
    const res = await link(account, await proofFor(account, wallet));
    expect(res.status).toBe(200);
    const body = walletLinkedResponseSchema.parse(res.body);
    expect(body.messageKey).toBe('wallet.linked');
    expect(body.wallet).toMatchObject({
      rawAddress: wallet.address.toRawString(),
      address: wallet.address.toString({ bounceable: false, testOnly: false, urlSafe: true }),
      network: 'mainnet',
      version,
    });
    expect(body.wallet.address).toMatch(/^UQ/);

    const status = walletStatusResponseSchema.parse((await server.get('/api/wallet', account.token)).body);
    expect(status).toMatchObject({
      enabled: true,
      network: 'mainnet',
      manifestUrl: `https://${DOMAIN}/tonconnect-manifest.json`,
      wallet: body.wallet,
    });
    expect(await events(account.user.id)).toEqual([
      { action: 'link', address: wallet.address.toRawString(), adminId: null },
    ]);
  });

  it('answers again with the same wallet when it is linked twice, and refuses a second one', async () => {
    const account = await insertUser(server);
    const wallet = newWallet('v4R2');
    expect((await link(account, await proofFor(account, wallet))).status).toBe(200);
    const again = await link(account, await proofFor(account, wallet));
    expect([again.status, again.body.wallet?.rawAddress]).toEqual([200, wallet.address.toRawString()]);
    const other = await link(account, await proofFor(account, newWallet('v5R1')));
    expectRefused(other, 409, 'WALLET_ALREADY_LINKED', 'wallet.alreadyLinked');
    expect(await walletRows(account.user.id)).toHaveLength(1);
    expect(await events(account.user.id)).toHaveLength(1);
  });
});

describe('every ton_proof check refuses with its own 4xx and links nothing', () => {
  let account: Account;
  beforeAll(async () => {
    account = await insertUser(server);
  });

  /** The refusal leaves no wallet and leaves the payload unused (a user can retry it right). */
  async function expectNothingLinked(request: TonProofRequest) {
    expect(await walletRows(account.user.id)).toEqual([]);
    const [payload] = await server.database.db
      .select()
      .from(tonProofPayloads)
      .where(eq(tonProofPayloads.payloadHash, payloadHashOf(request.proof.payload)));
    expect(payload?.usedAt ?? null).toBeNull();
  }

  it('a proof signed with another key', async () => {
    const request = await proofFor(account, newWallet('v4R2'), { signingKeys: newKeys() });
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.signatureInvalid');
    await expectNothingLinked(request);
  });

  it('a public key other than the state init holds', async () => {
    const request = await proofFor(account, newWallet('v3R2'), { publicKey: newKeys().publicKey });
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.publicKeyMismatch');
    await expectNothingLinked(request);
  });

  it('a proof for another domain', async () => {
    const request = await proofFor(account, newWallet('v4R2'), { domain: 'evil.example' });
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.domainMismatch');
    // The domain's length must be its UTF-8 length too.
    const lying = await proofFor(account, newWallet('v4R2'));
    lying.proof.domain.lengthBytes += 1;
    expectRefused(await link(account, lying), 400, 'TON_PROOF_INVALID', 'wallet.domainMismatch');
    await expectNothingLinked(request);
  });

  it('a timestamp older (or later) than 15 minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 16 * 60, now + 16 * 60]) {
      const request = await proofFor(account, newWallet('v5R1'), { timestamp });
      expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.timestampStale');
      await expectNothingLinked(request);
    }
    // Fourteen minutes old is still fine.
    const fresh = await insertUser(server);
    const ok = await link(fresh, await proofFor(fresh, newWallet('v5R1'), { timestamp: now - 14 * 60 }));
    expect(ok.status).toBe(200);
  });

  it('an address the state init does not hash to', async () => {
    const request = await proofFor(account, newWallet('v4R2'), { address: newWallet('v4R2').address });
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.addressMismatch');
    await expectNothingLinked(request);
  });

  it('a wallet contract that is not v3R2, v4R2 or v5R1 (a real v1R3)', async () => {
    const request = await proofFor(account, newWallet('v1R3'));
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.unknownWallet');
    await expectNothingLinked(request);
  });

  it('a state init that is no cell at all', async () => {
    const request = await proofFor(account, newWallet('v4R2'));
    request.proof.state_init = Buffer.from('not a bag of cells').toString('base64');
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.stateInitInvalid');
  });

  it('a workchain other than 0, and a masterchain (-1) wallet: only basechain wallets are user wallets', async () => {
    const request = await proofFor(account, newWallet('v4R2', newKeys(), 7));
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.addressInvalid');
    await expectNothingLinked(request);
    const master = await insertUser(server);
    const masterchain = await proofFor(master, newWallet('v3R2', newKeys(), -1));
    expectRefused(await link(master, masterchain), 400, 'TON_PROOF_INVALID', 'wallet.notBasechain');
    await expectNothingLinked(masterchain);
    expect(await walletRows(master.user.id)).toEqual([]);
  });

  it('a testnet proof on a mainnet server', async () => {
    const request = await proofFor(account, newWallet('v4R2'), { network: '-3' });
    expectRefused(await link(account, request), 400, 'TON_PROOF_INVALID', 'wallet.wrongNetwork');
  });

  it('a payload never issued, issued to someone else, already used or expired', async () => {
    const wallet = newWallet('v4R2');
    const invented = signTonProof(wallet, { payload: 'f'.repeat(64), domain: DOMAIN });
    expectRefused(await link(account, invented), 400, 'TON_PROOF_INVALID', 'wallet.payloadUnknown');

    const other = await insertUser(server);
    const foreign = signTonProof(wallet, { payload: await payloadFor(other), domain: DOMAIN });
    expectRefused(await link(account, foreign), 400, 'TON_PROOF_INVALID', 'wallet.payloadUnknown');

    const owner = await insertUser(server);
    const used = await proofFor(owner, newWallet('v3R2'));
    expect((await link(owner, used)).status).toBe(200);
    expectRefused(await link(owner, used), 400, 'TON_PROOF_INVALID', 'wallet.payloadUsed');

    const expired = await proofFor(account, wallet);
    await server.database.db
      .update(tonProofPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tonProofPayloads.payloadHash, payloadHashOf(expired.proof.payload)));
    expectRefused(await link(account, expired), 400, 'TON_PROOF_INVALID', 'wallet.payloadExpired');
    expect(await walletRows(account.user.id)).toEqual([]);

    // The next payload issued (by anyone) sweeps expired ones away; the proof is then unknown.
    await payloadFor(other);
    const swept = await server.database.db
      .select()
      .from(tonProofPayloads)
      .where(eq(tonProofPayloads.payloadHash, payloadHashOf(expired.proof.payload)));
    expect(swept).toEqual([]);
    expectRefused(await link(account, expired), 400, 'TON_PROOF_INVALID', 'wallet.payloadUnknown');
  });

  it('malformed bodies with their field messages', async () => {
    const good = await proofFor(account, newWallet('v4R2'));
    const cases: [unknown, ServerMessageKey][] = [
      [{ ...good, address: 'EQ-friendly' }, 'wallet.addressInvalid'],
      [{ ...good, network: 'mainnet' }, 'wallet.networkInvalid'],
      [{ ...good, public_key: 'abc' }, 'wallet.publicKeyInvalid'],
      [{ ...good, proof: 'x' }, 'wallet.proofInvalid'],
      [{ ...good, proof: { ...good.proof, signature: '***' } }, 'wallet.signatureFormat'],
      [{ ...good, proof: { ...good.proof, state_init: '' } }, 'wallet.stateInitFormat'],
    ];
    for (const [body, key] of cases) {
      const res = await server.post('/api/wallet/ton-proof', body, account.token);
      expect([res.status, res.body.code, res.body.messageKey]).toEqual([400, 'VALIDATION_FAILED', key]);
    }
    await expectNothingLinked(good);
  });
});

describe('one account per wallet address', () => {
  it('answers 409 when the address is linked to another account, and that proof stays unused', async () => {
    const [first, second] = [await insertUser(server), await insertUser(server)];
    const keys = newKeys();
    expect((await link(first, await proofFor(first, newWallet('v4R2', keys)))).status).toBe(200);
    const request = await proofFor(second, newWallet('v4R2', keys));
    expectRefused(await link(second, request), 409, 'WALLET_ADDRESS_TAKEN', 'wallet.addressTaken');
    expect(await walletRows(second.user.id)).toEqual([]);
    const [payload] = await server.database.db
      .select()
      .from(tonProofPayloads)
      .where(eq(tonProofPayloads.payloadHash, payloadHashOf(request.proof.payload)));
    expect(payload?.usedAt).toBeNull();
  });

  it('two accounts racing for one address: exactly one wins, on every round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const accounts = await Promise.all([insertUser(server), insertUser(server), insertUser(server)]);
      const wallet = newWallet(round % 2 ? 'v5R1' : 'v3R2');
      const requests = await Promise.all(accounts.map((a) => proofFor(a, wallet)));
      const results = await Promise.all(accounts.map((a, i) => link(a, requests[i]!)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const rows = await server.database.db
        .select()
        .from(tonWallets)
        .where(eq(tonWallets.address, wallet.address.toRawString()));
      expect(rows).toHaveLength(1);
      const winner = accounts[results.findIndex((r) => r.status === 200)]!;
      expect(rows[0]!.userId).toBe(winner.user.id);
    }
  });

  it('one payload sent twice at once links once', async () => {
    const account = await insertUser(server);
    const request = await proofFor(account, newWallet('v4R2'));
    const results = await Promise.all([link(account, request), link(account, request), link(account, request)]);
    const statuses = results.map((r) => r.status).sort();
    // The first consumes the payload; the others see it used (before or inside their transaction).
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.messageKey).toBe('wallet.payloadUsed');
    expect(await events(account.user.id)).toHaveLength(1);
  });
});

describe('unlinking', () => {
  it('unlinks, writes the trail, and lets the address be linked again elsewhere', async () => {
    const [owner, next] = [await insertUser(server), await insertUser(server)];
    const wallet = newWallet('v5R1');
    expect((await link(owner, await proofFor(owner, wallet))).status).toBe(200);
    const res = await server.request('DELETE', '/api/wallet', { token: owner.token });
    expect([res.status, res.body.messageKey, res.body.wallet]).toEqual([200, 'wallet.unlinked', null]);
    expect((await server.get('/api/wallet', owner.token)).body.wallet).toBeNull();
    const again = await server.request('DELETE', '/api/wallet', { token: owner.token });
    expect([again.status, again.body.messageKey]).toEqual([404, 'wallet.notLinked']);
    expect((await link(next, await proofFor(next, wallet))).status).toBe(200);
    const raw = wallet.address.toRawString();
    expect(await events(owner.user.id)).toEqual([
      { action: 'link', address: raw, adminId: null },
      { action: 'unlink', address: raw, adminId: null },
    ]);
  });
});

describe('operators', () => {
  it("shows the wallet on the user's page, counts it, exports it and unlinks it with an audit entry", async () => {
    const dashboard = async () =>
      dashboardResponseSchema.parse((await server.get('/api/admin/dashboard?days=7', admin.token)).body).wallets.linked;
    const before = await dashboard();
    const owner = await insertUser(server, { username: `=cmd_${Date.now().toString(36)}`, zpBalance: 12.5 });
    const wallet = newWallet('v4R2');
    expect((await link(owner, await proofFor(owner, wallet))).status).toBe(200);
    expect(await dashboard()).toBe(before + 1);

    const page = adminUserDetailResponseSchema.parse(
      (await server.get(`/api/admin/users/${owner.user.id}`, admin.token)).body,
    );
    expect(page.wallet).toMatchObject({ rawAddress: wallet.address.toRawString(), version: 'v4R2' });

    const csv = await fetch(`${server.url}/api/admin/wallets/export`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ziver-wallets-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('user_id,username,address,raw_address,network,version,zp_balance,seb_balance,linked_at');
    const line = lines.find((l) => l.startsWith(owner.user.id));
    // A username a spreadsheet would run as a formula is written as text.
    expect(line).toMatch(
      new RegExp(
        `^${owner.user.id},'${owner.user.username},${wallet.address.toString({ bounceable: false, urlSafe: true })},${wallet.address.toRawString()},mainnet,v4R2,12\\.5000,0\\.0000,\\d{4}-`,
      ),
    );
    const forbidden = await fetch(`${server.url}/api/admin/wallets/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(forbidden.status).toBe(403);

    const unlinked = await server.request('DELETE', `/api/admin/users/${owner.user.id}/wallet`, { token: admin.token });
    expect([unlinked.status, unlinked.body.wallet]).toEqual([200, null]);
    expect(await dashboard()).toBe(before);
    expect(await events(owner.user.id)).toEqual([
      { action: 'link', address: wallet.address.toRawString(), adminId: null },
      { action: 'unlink', address: wallet.address.toRawString(), adminId: admin.user.id },
    ]);
    const audit = await server.database.db
      .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, owner.user.id)));
    expect(audit).toEqual([
      {
        action: 'user.wallet_unlink',
        before: { address: wallet.address.toRawString(), network: 'mainnet', version: 'v4R2' },
        after: null,
      },
    ]);
    for (const id of [owner.user.id, 'not-a-uuid']) {
      const missing = await server.request('DELETE', `/api/admin/users/${id}/wallet`, { token: admin.token });
      expect(missing.status).toBe(404);
    }
  });
});

describe('the TON Connect manifest', () => {
  it('is served with the app URL, name and a PNG icon of ours', async () => {
    const res = await fetch(`${server.url}/tonconnect-manifest.json`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as Record<string, string>;
    expect(manifest).toEqual({
      url: `https://${DOMAIN}`,
      name: 'Ziver',
      iconUrl: `https://${DOMAIN}/tonconnect-icon.png`,
    });
    const icon = await fetch(`${server.url}/tonconnect-icon.png`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    // Wallets read both from their own origin.
    for (const answer of [res, icon]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    const bytes = Buffer.from(await icon.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([180, 180]);
  });
});

describe('where wallets are off or on testnet', () => {
  it('answers enabled:false, and the payload and proof calls a clear 503', async () => {
    const off = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
    try {
      const account = await insertUser(off);
      const status = await off.get('/api/wallet', account.token);
      expect([status.status, status.body]).toEqual([200, { success: true, enabled: false, wallet: null }]);
      for (const path of ['/api/wallet/ton-proof/payload', '/api/wallet/ton-proof']) {
        const res = await off.post(path, {}, account.token);
        expect([res.status, res.body.code, res.body.messageKey]).toEqual([
          503,
          'WALLET_NOT_CONFIGURED',
          'wallet.notConfigured',
        ]);
      }
    } finally {
      await off.stop();
    }
  });

  it('links testnet wallets with a test-only address, and refuses mainnet proofs', async () => {
    const testnet = await startTestServer({
      RATE_LIMITS: 'off',
      CONTRACT_CHECK: 'strict',
      MINIAPP_URL: 'https://app.ziver.test',
      TON_NETWORK: 'testnet',
    });
    try {
      const account = await insertUser(testnet);
      const issue = async () => (await testnet.post('/api/wallet/ton-proof/payload', {}, account.token)).body.payload;
      const wallet = newWallet('v5R1');
      const mainnet = signTonProof(wallet, { payload: await issue(), domain: 'app.ziver.test' });
      const refused = await testnet.post('/api/wallet/ton-proof', mainnet, account.token);
      expect([refused.status, refused.body.messageKey]).toEqual([400, 'wallet.wrongNetwork']);
      const request = signTonProof(wallet, { payload: await issue(), domain: 'app.ziver.test', network: '-3' });
      const res = await testnet.post('/api/wallet/ton-proof', request, account.token);
      expect(res.status).toBe(200);
      expect(res.body.wallet.network).toBe('testnet');
      expect(res.body.wallet.address).toMatch(/^0Q/);
      expect(res.body.wallet.address).toBe(
        wallet.address.toString({ bounceable: false, testOnly: true, urlSafe: true }),
      );
    } finally {
      await testnet.stop();
    }
  });
});
