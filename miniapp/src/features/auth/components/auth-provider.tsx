import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { HEARTBEAT_MS, SESSION_CHECK_DELAY_MS } from '@ziver/shared/core';
import type { AppSettings } from '@ziver/shared';
import { paths } from '@/config/paths';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { sessionStore, useSession, type Session, type SessionUser } from '@/lib/session';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import { startTelegramSessionBackup } from '@/lib/telegram-session-backup';
import { haptics } from '@/lib/telegram-haptics';
import { useDetectedTelegramUsername } from '@/lib/telegram-profile';
import { autoSaveTelegramUsername } from '../api/auto-save-telegram-username';
import { logout } from '../api/logout';
import { recordDailyLogin } from '../api/record-daily-login';
import { sendHeartbeat } from '../api/send-heartbeat';
import { verifyTokenQueryOptions } from '../api/verify-token';
import { decideSessionCheck } from '../utils/session-check';

export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';
/** Why the last sign-in or session check failed (docs/spec.md §4); 'suspended': the server ended the session of a suspended account. */
export type AuthError = 'invalid' | 'suspended' | 'network' | 'login' | 'google_login';

/** How a session the server ended is told on the login page: suspended, or expired. */
const endedSessionError = (): AuthError => (sessionStore.endReason() === 'suspended' ? 'suspended' : 'invalid');

type AuthContextValue = {
  status: AuthStatus;
  user: SessionUser | null;
  appSettings: AppSettings | null;
  error: AuthError | null;
  /** Stores the session of a successful login or registration. */
  signIn: (session: Session) => void;
  /** A failed login: the error state is set and any stored session is dropped. */
  reportLoginFailure: (kind: 'login' | 'google_login') => void;
  /** Revokes the session on the server (best effort), forgets it here, and opens /login. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  children,
  sessionCheckDelayMs = SESSION_CHECK_DELAY_MS,
}: {
  children: ReactNode;
  sessionCheckDelayMs?: number;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [isChecking, setIsChecking] = useState(() => sessionStore.get() !== null);
  const [error, setError] = useState<AuthError | null>(null);
  // The username Telegram reports (null outside Telegram), read when a session starts.
  const detectedTelegramUsername = useRef<string | null>(null);
  const detected = useDetectedTelegramUsername();
  useEffect(() => {
    detectedTelegramUsername.current = detected;
  }, [detected]);

  /**
   * Everything that starts with a signed-in session, whether it was just created or restored
   * at start-up. Per-session work (daily-login activity, heartbeat) belongs here.
   */
  const startSession = useCallback(() => {
    setError(null);
    // DAILY_LOGIN after login and on session start (docs/spec.md §4). A failure never signs the user
    // out (only a 401, through the API client, does).
    const userIdAtStart = sessionStore.get()?.user.id;
    recordDailyLogin()
      .then((result) => {
        if (sessionStore.get()?.user.id !== userIdAtStart) return;
        sessionStore.updateUser(result.user);
        // Today's reward changed the balances: refresh what is on screen.
        if (result.credited) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      })
      .catch((failure: unknown) => console.warn('Daily login activity failed', failure));
    // Inside Telegram, an account without a Telegram username gets the detected one (docs/spec.md §4);
    // the server keeps it only if there is still none. A failure is ignored.
    const detectedUsername = detectedTelegramUsername.current;
    if (detectedUsername && !sessionStore.get()?.user.telegram_username) {
      autoSaveTelegramUsername(detectedUsername)
        .then((result) => {
          if (result.saved && sessionStore.get()?.user.id === userIdAtStart) sessionStore.updateUser(result.user);
        })
        .catch(() => undefined);
    }
  }, [queryClient]);

  // Set just before this app signs the user out on purpose, to tell that apart from a session
  // that vanished on its own (a 401 anywhere, or another tab signing out).
  const isExpectedSignOut = useRef(false);

  // Inside Telegram, with the browser's storage blocked, the session is also kept in Telegram's
  // CloudStorage (restored by the Telegram sign-in of the next launch); sign-out deletes it.
  const telegram = useActiveTelegram();
  useEffect(() => {
    if (!telegram) return;
    return startTelegramSessionBackup({
      cloud: telegram.cloudStorage(),
      store: sessionStore,
      isNeeded: () => guardedLocalStorage.isMemoryOnly,
    });
  }, [telegram]);

  // Cached server data belongs to one user: drop it when that user signs out or changes. The
  // session check's own query is left alone while it runs.
  const userId = session?.user.id ?? null;
  const previousUserId = useRef(userId);
  useEffect(() => {
    const previous = previousUserId.current;
    previousUserId.current = userId;
    if (previous === null || previous === userId) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    if (userId !== null) return;
    if (isExpectedSignOut.current) isExpectedSignOut.current = false;
    else setError(endedSessionError());
  }, [userId, queryClient]);

  // Start-up check of a stored session, about 800 ms after load.
  useEffect(() => {
    if (!isChecking) return;
    let isCancelled = false;
    const timer = window.setTimeout(async () => {
      const result = await queryClient
        .fetchQuery(verifyTokenQueryOptions())
        .then((value) => ({ ok: true as const, value }))
        .catch((failure: unknown) => ({ ok: false as const, error: failure }));
      if (isCancelled) return;
      const outcome = decideSessionCheck(result);
      if (outcome.kind === 'valid') {
        if (outcome.user) sessionStore.updateUser(outcome.user);
        startSession();
      } else if (outcome.kind === 'invalid') {
        isExpectedSignOut.current = sessionStore.get() !== null;
        sessionStore.clear();
        setError(endedSessionError());
      } else {
        setError('network');
      }
      setIsChecking(false);
    }, sessionCheckDelayMs);
    return () => {
      isCancelled = true;
      window.clearTimeout(timer);
    };
  }, [isChecking, queryClient, sessionCheckDelayMs, startSession]);

  const signIn = useCallback(
    (next: Session) => {
      sessionStore.set(next);
      startSession();
    },
    [startSession],
  );

  const reportLoginFailure = useCallback((kind: 'login' | 'google_login') => {
    // Every failed sign-in (password, Google, Telegram, token link, 2FA) comes through here.
    haptics.notify('error');
    isExpectedSignOut.current = sessionStore.get() !== null;
    sessionStore.clear();
    setError(kind);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local sign-out below is what matters; an expired session is already gone.
    }
    navigate(paths.login, { replace: true });
    isExpectedSignOut.current = sessionStore.get() !== null;
    sessionStore.clear();
  }, []);

  const status: AuthStatus = isChecking ? 'loading' : session ? 'signed_in' : 'signed_out';

  // A heartbeat every 60 s while signed in (docs/spec.md §4); failures are ignored, a 401 signs out.
  const isSignedIn = status === 'signed_in';
  useEffect(() => {
    if (!isSignedIn) return;
    const timer = window.setInterval(() => {
      sendHeartbeat().catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [isSignedIn, userId]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: session?.user ?? null,
      appSettings: session?.appSettings ?? null,
      error,
      signIn,
      reportLoginFailure,
      signOut,
    }),
    [status, session, error, signIn, reportLoginFailure, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
