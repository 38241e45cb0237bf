// A TON wallet for the browser tests of issue 31 (e2e/wallet.test.ts), made the way a wallet
// makes one: ed25519 keys (@ton/crypto), a real WalletContractV4 state init and address
// (@ton/ton), and a `ton_proof` signed over exactly the bytes TON Connect specifies. The page
// sees it as a browser-extension wallet: the JS bridge a wallet injects as
// `window[jsBridgeKey].tonconnect`, answering `connect()` through a function exposed from this
// (Node) process, where the key stays. TON Connect UI finds it in a wallets list served locally.
import { createHash, randomBytes } from 'node:crypto';
import { Address, beginCell, storeStateInit } from '@ton/core';
import { keyPairFromSeed, sign } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import type { BrowserContext, Page } from 'playwright-core';

/** The key under which the test wallet injects its bridge (and its entry in the wallets list). */
export const TEST_WALLET_KEY = 'ziverTestWallet';
export const TEST_WALLET_NAME = 'Ziver Test Wallet';
const APP_NAME = 'ziver-test-wallet';

/** TON Connect's chain ids. */
const CHAIN = { mainnet: '-239', testnet: '-3' } as const;
export type TonNetwork = keyof typeof CHAIN;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** What TON Connect sends a wallet to connect (the parts read here). */
type ConnectRequest = { manifestUrl: string; items: ({ name: 'ton_addr' } | { name: 'ton_proof'; payload: string })[] };

export type TestWallet = {
  network: TonNetwork;
  /** `0:<64 hex>` */
  rawAddress: string;
  /** How a wallet app shows its own address: non-bounceable, test-only on testnet, URL-safe. */
  friendlyAddress: string;
  publicKeyHex: string;
  /** The proofs signed so far (what the page was handed), newest last. */
  readonly proofs: { payload: string; domain: string; timestamp: number }[];
  /**
   * Serves the wallets list and injects the bridge into every page of `context` (call before
   * navigating). `isWalletBrowser`: the page runs inside the wallet's own browser (how a phone
   * opens a dApp in Tonkeeper or MyTonWallet), so TON Connect UI connects to it straight away;
   * otherwise it is a desktop browser extension, picked from TON Connect's wallet list.
   */
  install(context: BrowserContext, page: Page, options: { isWalletBrowser: boolean }): Promise<void>;
  /**
   * The body of POST /api/wallet/ton-proof for `payload`, as TON Connect would build it from this
   * wallet's answer (for linking through the API, when the page is not what is tested).
   */
  proofRequest(options: { payload: string; manifestUrl: string }): Promise<Record<string, unknown>>;
};

/**
 * The `ton_proof` signature (TON Connect, "Address proof signature"):
 * ed25519(sha256(0xffff ++ "ton-connect" ++ sha256("ton-proof-item-v2/" ++ workchain:int32be ++
 * hash ++ domainLength:uint32le ++ domain ++ timestamp:uint64le ++ payload))).
 */
export function signTonProof(options: {
  address: Address;
  domain: string;
  timestamp: number;
  payload: string;
  secretKey: Buffer;
}): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(options.address.workChain);
  const domain = Buffer.from(options.domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(options.timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/', 'utf8'),
    workchain,
    options.address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(options.payload, 'utf8'),
  ]);
  const full = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8'), sha256(message)]);
  return sign(sha256(full), options.secretKey);
}

/** A fresh wallet (new keys) on `network`. */
export function createTestWallet(network: TonNetwork): TestWallet {
  const keys = keyPairFromSeed(randomBytes(32));
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  const stateInit = beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64');
  const address = contract.address;
  const proofs: TestWallet['proofs'] = [];

  /** Answers a connect request as a wallet whose user approves: the account, and the proof when asked. */
  async function connect(request: ConnectRequest) {
    // Wallets sign the host of the dApp's manifest `url` (what they show the user as "connecting to").
    const manifest = (await (await fetch(request.manifestUrl)).json()) as { url: string };
    const domain = new URL(manifest.url).host;
    const items: unknown[] = [];
    for (const item of request.items) {
      if (item.name === 'ton_addr')
        items.push({
          name: 'ton_addr',
          address: address.toRawString(),
          network: CHAIN[network],
          publicKey: keys.publicKey.toString('hex'),
          walletStateInit: stateInit,
        });
      if (item.name === 'ton_proof') {
        const timestamp = Math.floor(Date.now() / 1000);
        const signature = signTonProof({
          address,
          domain,
          timestamp,
          payload: item.payload,
          secretKey: keys.secretKey,
        });
        proofs.push({ payload: item.payload, domain, timestamp });
        items.push({
          name: 'ton_proof',
          proof: {
            timestamp,
            domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
            signature: signature.toString('base64'),
            payload: item.payload,
          },
        });
      }
    }
    return {
      event: 'connect',
      id: Date.now(),
      payload: {
        items,
        device: {
          platform: 'browser',
          appName: APP_NAME,
          appVersion: '1.0.0',
          maxProtocolVersion: 2,
          features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
        },
      },
    };
  }

  return {
    network,
    rawAddress: address.toRawString(),
    friendlyAddress: address.toString({ bounceable: false, testOnly: network === 'testnet', urlSafe: true }),
    publicKeyHex: keys.publicKey.toString('hex'),
    proofs,
    async proofRequest({ payload, manifestUrl }) {
      const answer = await connect({ manifestUrl, items: [{ name: 'ton_addr' }, { name: 'ton_proof', payload }] });
      const [account, proof] = answer.payload.items as [
        { address: string; network: string; publicKey: string; walletStateInit: string },
        { proof: Record<string, unknown> },
      ];
      return {
        address: account.address,
        network: account.network,
        public_key: account.publicKey,
        proof: { ...proof.proof, state_init: account.walletStateInit },
      };
    },
    async install(context, page, { isWalletBrowser }) {
      // TON Connect reads its wallets list from config.ton.org: served here, with this wallet only.
      // Nothing else leaves the machine (wallet icons, analytics): refused.
      await context.route(
        (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
        (route) => {
          const url = new URL(route.request().url());
          if (url.hostname === 'config.ton.org')
            return route.fulfill({ contentType: 'application/json', body: JSON.stringify([walletsListEntry()]) });
          // The wallet's HTTP bridge, which the picker opens for its QR code: an event stream with no
          // events (this wallet answers through its JS bridge only).
          if (url.hostname === BRIDGE_HOST) return route.fulfill({ contentType: 'text/event-stream', body: '' });
          return route.abort('blockedbyclient');
        },
      );
      await page.exposeFunction('__ziverTestWalletConnect', (request: ConnectRequest) => connect(request));
      await context.addInitScript(injectBridge, { key: TEST_WALLET_KEY, info: walletInfo(), isWalletBrowser });
    },
  };
}

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0098ea"/></svg>',
)}`;

function walletInfo() {
  return {
    name: TEST_WALLET_NAME,
    app_name: APP_NAME,
    image: ICON,
    about_url: 'https://wallet.invalid/about',
    platforms: ['chrome', 'firefox', 'safari', 'ios', 'android', 'macos', 'windows', 'linux'],
  };
}

const BRIDGE_HOST = 'bridge.wallet.invalid';

/**
 * The wallet's entry in the wallets list, as wallets publish theirs (wallets-v2.json): like a real
 * extension wallet, an HTTP bridge and universal link for its phone app beside the JS bridge.
 */
function walletsListEntry() {
  return {
    ...walletInfo(),
    universal_url: 'https://wallet.invalid/ton-connect',
    bridge: [
      { type: 'sse', url: `https://${BRIDGE_HOST}/bridge` },
      { type: 'js', key: TEST_WALLET_KEY },
    ],
  };
}

/** Runs in the page before its scripts: the bridge a browser-extension wallet injects. */
function injectBridge({
  key,
  info,
  isWalletBrowser,
}: {
  key: string;
  info: Record<string, unknown>;
  isWalletBrowser: boolean;
}) {
  const page = window as unknown as Record<string, unknown> & {
    __ziverTestWalletConnect: (request: unknown) => Promise<unknown>;
  };
  page[key] = {
    tonconnect: {
      deviceInfo: {
        platform: 'browser',
        appName: info.app_name,
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      },
      walletInfo: info,
      protocolVersion: 2,
      isWalletBrowser,
      connect: (_protocolVersion: number, request: unknown) => page.__ziverTestWalletConnect(request),
      // A fresh page has no session with this wallet.
      restoreConnection: () =>
        Promise.resolve({ event: 'connect_error', id: 0, payload: { code: 0, message: 'no session' } }),
      send: (request: { id: string }) =>
        Promise.resolve({ error: { code: 400, message: 'this test wallet only connects' }, id: request.id }),
      listen: () => () => undefined,
      disconnect: () => undefined,
    },
  };
}

/** The raw form of a user-friendly address, to compare the two. */
export function rawOf(friendly: string): string {
  return Address.parse(friendly).toRawString();
}

/** Whether a user-friendly address is flagged bounceable and test-only. */
export function flagsOf(friendly: string): { isBounceable: boolean; isTestOnly: boolean } {
  const parsed = Address.parseFriendly(friendly);
  return { isBounceable: parsed.isBounceable, isTestOnly: parsed.isTestOnly };
}
