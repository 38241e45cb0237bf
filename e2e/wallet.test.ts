import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPaths, adminUserPath } from '@/config/paths';
import { freePort } from '../scripts/lib/built-server.mjs';
import { useAdminConsole, type ConsoleUser } from './support/admin-console.js';
import { DESKTOP, PHONE, closeBrowser, screenshot } from './support/browser.js';
import { registerUser } from './support/data.js';
import { LOOKS, lookName, openInLook, waitForLook } from './support/looks.js';
import { sidewaysOverflow } from './support/page-checks.js';
import { TEST_WALLET_NAME, createTestWallet, flagsOf, rawOf, type TestWallet } from './support/ton-wallet.js';

/**
 * TON wallet linking (issue 31, item 5): the mini app connects through TON Connect UI to a wallet
 * injected in the page (support/ton-wallet.ts: real keys, a real WalletContractV4 state init, the
 * proof signed in this process), the server verifies the proof, and the address shows on /wallet,
 * on the profile and in the console. Wallets are on for a server that knows its public URL (it
 * serves the TON Connect manifest there, and a proof must name that host); the shared e2e server
 * has none, so its /wallet is the placeholder.
 */
const server = useAdminConsole('wallet', {
  env: async () => {
    const port = await freePort();
    return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, TON_NETWORK: 'testnet' };
  },
});

afterAll(() => closeBrowser());

const NARROW = { width: 360, height: 740 } as const;

type WalletStatus = { enabled: boolean; manifestUrl?: string; network?: string; wallet: { address: string } | null };

async function walletOf(user: ConsoleUser): Promise<WalletStatus> {
  const answer = await server.api('GET', '/wallet', user.token);
  expect(answer.status).toBe(200);
  return answer.body as WalletStatus;
}

/** Links `wallet` to `user` through the API: a payload, then the proof TON Connect would send. */
async function linkThroughApi(user: ConsoleUser, wallet: TestWallet) {
  const { manifestUrl } = await walletOf(user);
  const issued = await server.api('POST', '/wallet/ton-proof/payload', user.token);
  expect(issued.status).toBe(200);
  const body = await wallet.proofRequest({ payload: issued.body.payload, manifestUrl: manifestUrl! });
  const linked = await server.api('POST', '/wallet/ton-proof', user.token, body);
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
}

/**
 * Connect wallet, then (a desktop extension) the wallet in TON Connect's picker, or (inside the
 * wallet's own browser) nothing more: TON Connect UI goes straight to it. Resolves once /wallet
 * shows the link.
 */
async function connectThroughTonConnect(page: Page, { fromPicker }: { fromPicker: boolean }) {
  const card = page.getByTestId('wallet-connect');
  await expect.poll(() => card.getAttribute('data-phase'), { timeout: 20_000 }).toBe('ready');
  await page.getByTestId('wallet-connect-button').click();
  if (fromPicker) {
    // TON Connect UI's modal, under #tc-widget-root: the wallet by name.
    const picker = page.locator('#tc-widget-root [data-tc-wallets-modal-container]');
    await picker.getByText(TEST_WALLET_NAME).first().click();
    // The wallet's page in the picker: a QR code for its phone app, or its browser extension.
    await picker.getByText('Browser Extension').click();
  }
  await page.getByTestId('wallet-linked').waitFor({ timeout: 20_000 });
}

describe('wallet linking in the browser', () => {
  it("keeps /wallet the spec's placeholder where wallets are off, without loading TON Connect", async () => {
    const session = await registerUser();
    const { context, page, errors } = await openInLook(LOOKS[0]!, { session });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/wallet');
    await page.getByTestId('coming-soon').waitFor();
    await expect.poll(() => page.getByText('Coming Soon', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('wallet-connect').count()).toBe(0);
    expect(requests.filter((url) => /ton-proof|connect-wallet|config\.ton\.org/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The four looks at 390 px, and the longest words (German) at the narrowest width the app supports.
  const cases = [
    ...LOOKS.map((look) => ({ look, viewport: PHONE })),
    { look: { language: 'de', theme: 'light' } as const, viewport: NARROW },
  ];
  for (const { look, viewport } of cases) {
    it(`links the wallet whose browser the page runs in and shows it on /wallet and the profile at ${viewport.width} px (${lookName(look)})`, async () => {
      const user = await server.register('USER', look.language);
      const wallet = createTestWallet('testnet');
      const { page, errors } = await server.signIn(viewport, user, look);
      await wallet.install(page.context(), page, { isWalletBrowser: true });
      await page.goto('/wallet');
      await waitForLook(page, look);
      await connectThroughTonConnect(page, { fromPicker: false });

      // The proof the wallet signed carried the server's payload and named this server's host.
      expect(wallet.proofs).toHaveLength(1);
      expect(wallet.proofs[0]!.domain).toBe(new URL(server.url()).host);

      // The user-friendly form a wallet shows: non-bounceable, test-only (testnet), this very account.
      const shown = page.getByTestId('wallet-address');
      const address = (await shown.getAttribute('data-address'))!;
      expect(address).toBe(wallet.friendlyAddress);
      expect(flagsOf(address)).toEqual({ isBounceable: false, isTestOnly: true });
      expect(rawOf(address)).toBe(wallet.rawAddress);
      expect(await shown.textContent()).toBe(`${address.slice(0, 6)}…${address.slice(-6)}`);
      await page.getByTestId('wallet-testnet').waitFor();
      const linkedAt = await page.getByTestId('wallet-linked-at').locator('time').getAttribute('datetime');
      expect(Math.abs(Date.parse(linkedAt!) - Date.now())).toBeLessThan(5 * 60_000);
      expect((await walletOf(user)).wallet?.address).toBe(address);
      expect(await sidewaysOverflow(page)).toBeNull();
      await screenshot(page, `wallet-linked-${look.language}-${look.theme}-${viewport.width}`);

      await page.goto('/profile');
      await expect
        .poll(() => page.getByTestId('profile-wallet-address').textContent())
        .toBe(`${address.slice(0, 6)}…${address.slice(-6)}`);
      expect(await sidewaysOverflow(page)).toBeNull();

      if (look.theme === 'dark') {
        // Disconnect asks first, then the page offers Connect again and the server has no wallet.
        await page.goto('/wallet');
        await page.getByTestId('wallet-disconnect').click();
        expect((await walletOf(user)).wallet).not.toBeNull();
        await page.getByTestId('confirm-yes').click();
        await page.getByTestId('wallet-connect').waitFor();
        expect((await walletOf(user)).wallet).toBeNull();
      }
      expect(errors).toEqual([]);
    });
  }

  it("links a browser extension's wallet picked from TON Connect's list on the desktop", async () => {
    const user = await server.register('USER');
    const wallet = createTestWallet('testnet');
    const { page, errors } = await server.signIn(DESKTOP, user);
    await wallet.install(page.context(), page, { isWalletBrowser: false });
    await page.goto('/wallet');
    await connectThroughTonConnect(page, { fromPicker: true });
    expect(await page.getByTestId('wallet-address').getAttribute('data-address')).toBe(wallet.friendlyAddress);
    // The picker closed once the wallet answered.
    await expect.poll(() => page.locator('#tc-widget-root [data-tc-wallets-modal-container]').count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeNull();
    await screenshot(page, 'wallet-linked-desktop');
    expect(errors).toEqual([]);
  });

  it('shows the wallet on the console, exports it, counts it and unlinks it (confirmed)', async () => {
    const admin = await server.register('ADMIN');
    const user = await server.register('USER');
    const wallet = createTestWallet('testnet');
    await linkThroughApi(user, wallet);

    const { page, errors } = await server.signIn(DESKTOP, admin);
    await page.goto(adminUserPath(user.id));
    await expect.poll(() => page.getByTestId('admin-user-wallet-address').textContent()).toBe(wallet.friendlyAddress);

    const dashboard = await server.api('GET', '/admin/dashboard?days=7', admin.token);
    await page.goto(adminPaths.dashboard);
    await expect
      .poll(() => page.getByTestId('dash-value-wallets_linked').textContent())
      .toBe(String(dashboard.body.wallets.linked));
    expect(dashboard.body.wallets.linked).toBeGreaterThanOrEqual(1);
    await page.getByTestId('dash-definition-wallets_linked').waitFor();

    await page.goto(adminPaths.users);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('admin-wallets-export-button').click(),
    ]);
    const csv = await readDownload(download);
    expect(csv).toContain(user.username);
    expect(csv.includes(wallet.friendlyAddress) || csv.includes(wallet.rawAddress)).toBe(true);

    await page.goto(adminUserPath(user.id));
    await page.getByTestId('admin-user-wallet-unlink').click();
    expect((await walletOf(user)).wallet).not.toBeNull();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('admin-user-wallet-done').waitFor();
    expect((await walletOf(user)).wallet).toBeNull();
    await expect.poll(() => page.getByTestId('admin-user-wallet-address').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

async function readDownload(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
