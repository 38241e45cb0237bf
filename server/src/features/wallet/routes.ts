import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type RequestHandler, type Response } from 'express';
import sharp from 'sharp';
import {
  AppError,
  keyedMessage,
  type TonProofPayloadResponse,
  type WalletLinkedResponse,
  type WalletStatusResponse,
  type WalletUnlinkedResponse,
} from '@ziver/shared';
import { authOf, isUuid } from '../../platform/auth.js';
import type { WalletConfig } from '../../platform/config.js';
import { SENT, type ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { exportLinkedWallets } from './export-wallets.js';
import { issueTonProofPayload } from './issue-ton-proof-payload.js';
import { linkWallet } from './link-wallet.js';
import { findWallet, presentWallet } from './present-wallet.js';
import { unlinkWallet } from './unlink-wallet.js';

function walletConfigOrThrow(config: WalletConfig | undefined): WalletConfig {
  if (!config) throw new AppError('WALLET_NOT_CONFIGURED', 'wallet.notConfigured');
  return config;
}

/** The wallet calls under /api: the signed-in user's TON wallet (issue 31) and the operators' ones. */
export function walletRoutes(deps: AppDeps, options: { botUsername?: (() => string | undefined) | undefined } = {}) {
  const { db } = deps.database;
  const wallet = deps.config.wallet;
  const { telegram } = deps.config;
  // The bot's name as Telegram told it (getMe), else as configured.
  const returnUrl = () => {
    const bot = (options.botUsername?.() ?? telegram.botUsername)?.replace(/^@/, '');
    if (!bot) return undefined;
    const app = telegram.miniAppShortName;
    return app
      ? `https://t.me/${encodeURIComponent(bot)}/${encodeURIComponent(app)}`
      : `https://t.me/${encodeURIComponent(bot)}`;
  };
  // A payload is a row and a proof an ed25519 check: generous for people, a wall for scripts.
  const perUser = (name: string) =>
    limitRequests(deps, {
      windowMs: 15 * 60_000,
      limit: 30,
      keyGenerator: (req) => `wallet-${name}:${authOf(req).userId}`,
    });
  // Where wallets are off, the payload and proof calls answer 503 before their body is read.
  const walletsOn: RequestHandler = (_req, _res, next) => {
    walletConfigOrThrow(wallet);
    next();
  };

  return {
    walletStatus: {
      handle: async ({ auth }) => {
        const row = wallet ? await findWallet(db, auth.userId) : undefined;
        const back = returnUrl();
        const body: WalletStatusResponse = wallet
          ? {
              success: true,
              enabled: true,
              manifestUrl: wallet.manifestUrl,
              network: wallet.network,
              ...(back ? { returnUrl: back } : {}),
              wallet: row ? presentWallet(row) : null,
            }
          : { success: true, enabled: false, wallet: null };
        return body;
      },
    },

    walletTonProofPayload: {
      use: [perUser('payload'), walletsOn],
      handle: async ({ auth }) => {
        const issued = await issueTonProofPayload(db, { userId: auth.userId, now: new Date() });
        const body: TonProofPayloadResponse = {
          success: true,
          payload: issued.payload,
          expiresAt: issued.expiresAt.toISOString(),
        };
        return body;
      },
    },

    walletTonProof: {
      use: [perUser('proof'), walletsOn],
      handle: async ({ auth, body: request }) => {
        const config = walletConfigOrThrow(wallet);
        const row = await linkWallet({ db, config }, { userId: auth.userId, request, now: new Date() });
        const body: WalletLinkedResponse = {
          success: true,
          ...keyedMessage('wallet.linked'),
          wallet: presentWallet(row),
        };
        return body;
      },
    },

    walletUnlink: {
      handle: async ({ auth }) => {
        await unlinkWallet(db, { userId: auth.userId });
        const body: WalletUnlinkedResponse = { success: true, ...keyedMessage('wallet.unlinked'), wallet: null };
        return body;
      },
    },

    // The operators' wallet calls work where wallets are off too (what was linked stays readable).
    adminUnlinkWallet: {
      handle: async ({ auth, params }) => {
        if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'admin.userNotFound');
        await unlinkWallet(db, { userId: params.id, adminId: auth.userId });
        const body: WalletUnlinkedResponse = { success: true, ...keyedMessage('wallet.unlinked'), wallet: null };
        return body;
      },
    },

    adminWalletsExport: {
      handle: async ({ auth, res }): Promise<typeof SENT> => {
        const csv = await exportLinkedWallets(db, auth.userId);
        const day = new Date().toISOString().slice(0, 10);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="ziver-wallets-${day}.csv"`);
        res.send(Buffer.from(csv, 'utf8'));
        return SENT;
      },
    },
  } satisfies Partial<ApiHandlers>;
}

const SOURCE_ICON = fileURLToPath(new URL('../../../../miniapp/public/favicon.svg', import.meta.url));
const ICON_PATH = '/tonconnect-icon.png';

/**
 * GET /tonconnect-manifest.json and its icon, outside /api, where this server knows the app's URL.
 * TON Connect wallets take PNG icons (not SVG): the app's favicon is rendered once, at 180 px.
 */
export function createTonConnectManifestRouter(deps: AppDeps, miniappDist: string): Router {
  const router = Router();
  const wallet = deps.config.wallet;
  if (!wallet?.appUrl || !wallet.publicUrl) return router;
  const manifest = {
    url: wallet.appUrl,
    name: 'Ziver',
    iconUrl: `${wallet.publicUrl}${ICON_PATH}`,
  };
  let icon: Promise<Buffer> | undefined;
  const renderIcon = () => {
    const built = path.join(miniappDist, 'favicon.svg');
    const svg = readFileSync(existsSync(built) ? built : SOURCE_ICON);
    return sharp(svg, { density: 300 }).resize(180, 180).png().toBuffer();
  };

  // Wallets fetch the manifest and show the icon from their own origin: CORS for the fetch, and a
  // cross-origin resource policy instead of helmet's same-origin one for the <img>.
  const shareWithWallets = (res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  router.get('/tonconnect-manifest.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    shareWithWallets(res);
    res.json(manifest);
  });
  router.get(ICON_PATH, async (_req, res) => {
    icon ??= renderIcon();
    const png = await icon.catch((error: unknown) => {
      icon = undefined;
      throw error;
    });
    res.setHeader('Cache-Control', 'public, max-age=86400');
    shareWithWallets(res);
    res.type('png').send(png);
  });
  return router;
}
