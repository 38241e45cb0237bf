import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { THEME, TonConnectUIProvider, useTonConnectUI } from '@tonconnect/ui-react';
import { useTranslation } from 'react-i18next';
import { serverTextOf, useServerMessage } from '@/i18n/server-message';
import { flashMessages } from '@/lib/flash-message';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { openInsideTelegram } from '@/lib/telegram-links';
import { createTonProofPayload } from '../api/create-ton-proof-payload';
import { useLinkWallet } from '../api/link-wallet';
import { tonProofRequestOf, type ConnectedWalletLike } from '../utils/ton-proof-request';
import type { ConnectPhase } from './connect-wallet-view';

/** What the card (./connect-wallet-view, drawn by the caller) shows and does. */
export type ConnectState = {
  phase: ConnectPhase;
  failure: string | null;
  onConnect: () => void;
  onRetry: () => void;
};

/** How long before a payload's expiry a fresh one is asked for. */
const PAYLOAD_REFRESH_MARGIN_MS = 60_000;

/**
 * "Connect wallet" through TON Connect UI (its own chunk: only /wallet with wallets on loads it).
 * The connect request carries a `ton_proof` payload from the server, refreshed before it expires
 * and after every attempt (a payload is single use). Once a wallet answers, the account and proof
 * go to POST /wallet/ton-proof and TON Connect's session is dropped: the link is the server's
 * record, and the next Connect must sign a new proof. The caller draws the card from the state
 * (`children`): importing telegram-ui here made rolldown split the first screen's typography out.
 */
export default function ConnectWallet({
  manifestUrl,
  returnUrl,
  appearance,
  children,
}: {
  manifestUrl: string;
  /** The mini app's t.me link (GET /api/wallet), where a wallet sends the user back inside Telegram. */
  returnUrl?: string | undefined;
  children: (state: ConnectState) => ReactNode;
  /** The page's resolved light or dark, for TON Connect's own modal. */
  appearance: 'light' | 'dark';
}) {
  useWalletLinksThroughTelegram();
  return (
    <TonConnectUIProvider
      manifestUrl={manifestUrl}
      actionsConfiguration={returnUrl ? { twaReturnUrl: returnUrl as `${string}://${string}` } : undefined}
      restoreConnection={false}
      // TON Connect UI speaks English and Russian only; the page around it speaks the reader's language.
      language="en"
      analytics={{ mode: 'off' }}
    >
      <ConnectFlow appearance={appearance}>{children}</ConnectFlow>
    </TonConnectUIProvider>
  );
}

/**
 * Inside Telegram, the links TON Connect UI opens itself (a wallet's universal link, its "Open
 * wallet" button) go through Telegram's link methods (openTelegramLink for t.me, openLink for the
 * rest): TON Connect UI calls window.open, which in Telegram's webview leaves the mini app or
 * does nothing. Only while this card is shown; the browser's window.open comes back after.
 */
function useWalletLinksThroughTelegram() {
  const telegram = useActiveTelegram();
  useEffect(() => {
    if (!telegram) return;
    const open = window.open;
    window.open = function openThroughTelegram(url?: string | URL, target?: string, features?: string) {
      const href = url === undefined ? '' : String(url);
      if (/^https?:\/\//i.test(href) && openInsideTelegram(href)) return null;
      return open.call(window, url, target, features);
    };
    return () => {
      window.open = open;
    };
  }, [telegram]);
}

function ConnectFlow({
  appearance,
  children,
}: {
  appearance: 'light' | 'dark';
  children: (state: ConnectState) => ReactNode;
}) {
  const { t } = useTranslation();
  const render = useServerMessage();
  const [tonConnectUI, setOptions] = useTonConnectUI();
  const [phase, setPhase] = useState<ConnectPhase>('preparing');
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped to spend no payload twice: after each answer from a wallet, and on "Try again".
  const [attempt, setAttempt] = useState(0);
  const nextAttempt = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    setOptions({ uiPreferences: { theme: appearance === 'dark' ? THEME.DARK : THEME.LIGHT } });
  }, [appearance, setOptions]);

  const link = useLinkWallet({
    onSuccess: (answer) => flashMessages.show(render(answer)),
    onError: (error) => {
      const text = serverTextOf(error);
      setFailure(text ? render(text) : t('wallet.linkFailed'));
      nextAttempt();
    },
  });
  const submit = link.mutate;

  useEffect(() => {
    let isLive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const prepare = async () => {
      setPhase('preparing');
      tonConnectUI.setConnectRequestParameters({ state: 'loading' });
      try {
        const { payload, expiresAt } = await createTonProofPayload();
        if (!isLive) return;
        tonConnectUI.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
        setPhase('ready');
        const refreshIn = Date.parse(expiresAt) - Date.now() - PAYLOAD_REFRESH_MARGIN_MS;
        timer = setTimeout(() => void prepare(), Math.max(refreshIn, 30_000));
      } catch {
        if (!isLive) return;
        tonConnectUI.setConnectRequestParameters(null);
        setPhase('payloadFailed');
      }
    };
    void prepare();
    return () => {
      isLive = false;
      clearTimeout(timer);
    };
  }, [tonConnectUI, attempt]);

  useEffect(
    () =>
      tonConnectUI.onStatusChange(
        (wallet) => {
          if (!wallet) return;
          const request = tonProofRequestOf(wallet as ConnectedWalletLike);
          void tonConnectUI.disconnect().catch(() => undefined);
          if (!request) {
            setFailure(t('wallet.noProof'));
            nextAttempt();
            return;
          }
          setFailure(null);
          setPhase('verifying');
          submit(request);
        },
        () => {
          setFailure(t('wallet.connectCancelled'));
          nextAttempt();
        },
      ),
    [tonConnectUI, submit, nextAttempt, t],
  );

  const openPicker = async () => {
    setFailure(null);
    if (tonConnectUI.connected) await tonConnectUI.disconnect().catch(() => undefined);
    await tonConnectUI.openModal();
  };

  return children({
    phase: link.isPending ? 'verifying' : phase,
    failure,
    onConnect: () => void openPicker(),
    onRetry: nextAttempt,
  });
}
