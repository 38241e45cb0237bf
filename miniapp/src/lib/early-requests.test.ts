import { afterEach, describe, expect, it, vi } from 'vitest';
import earlyScript from '../../build/early.js?raw';
import { getMiningStatus } from '@/features/mining/api/get-mining-status';
import { getRecentTransactions } from '@/features/mining/api/get-recent-transactions';
import { RECENT_ACTIVITY_LIMIT } from '@/features/mining/components/recent-activity';
import { contractAnswer, contractBody, errorAnswer } from '@/testing/contract-answer';
import {
  buildMiningStatus,
  buildMiningStatusBody,
  buildSession,
  buildUser,
  miningScreenServer,
} from '@/testing/factories';
import { createApiClient } from './api-client';
import { sessionStore } from './session';

// Two mining statuses told apart by the balance: the one the client fetches and early.js's.
const FROM_CLIENT = buildMiningStatusBody({ userData: { ...buildMiningStatus().userData, zp_balance: 1 } });
const FROM_EARLY = buildMiningStatusBody({ userData: { ...buildMiningStatus().userData, zp_balance: 2 } });
const VERIFIED = contractBody('verifyToken', { success: true, valid: true, user: buildUser() });
const fromEarly = () => Promise.resolve(contractAnswer('miningStatus', FROM_EARLY));

function client(token: string | null) {
  const fetchFn = vi.fn<typeof fetch>(async (url) =>
    url === '/api/user/verify-token'
      ? contractAnswer('verifyToken', VERIFIED)
      : contractAnswer('miningStatus', FROM_CLIENT),
  );
  const onUnauthorized = vi.fn();
  const api = createApiClient({ baseUrl: '/api', getToken: () => token, onUnauthorized, fetchFn });
  return { api, fetchFn, onUnauthorized };
}

function early(token: string, response: Promise<Response>, receivedAt?: number) {
  window.__zivEarly = [{ url: '/api/mining/status', token, response, receivedAt }];
}

afterEach(() => {
  delete window.__zivEarly;
  vi.unstubAllGlobals();
});

describe('requests started by early.js', () => {
  it('answers the first matching GET once, with the time the answer arrived', async () => {
    const arrived = Date.now() - 500;
    early('t1', fromEarly(), arrived);
    const { api, fetchFn } = client('t1');
    const parse = vi.fn((data: unknown, meta: { receivedAt: number }) => ({ data, at: meta.receivedAt }));
    expect(await api.request('GET', '/mining/status', { parse })).toEqual({ data: FROM_EARLY, at: arrived });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(await api.request('GET', '/mining/status')).toEqual(FROM_CLIENT);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, another path, an old answer or a failed request', async () => {
    early('other', fromEarly());
    const first = client('t1');
    expect(await first.api.request('GET', '/mining/status')).toEqual(FROM_CLIENT);

    early('t1', fromEarly());
    expect(await first.api.request('GET', '/user/verify-token')).toEqual(VERIFIED);

    early('t1', fromEarly(), Date.now() - 60_000);
    expect(await first.api.request('GET', '/mining/status')).toEqual(FROM_CLIENT);

    early('t1', Promise.reject(new TypeError('Failed to fetch')));
    expect(await first.api.request('GET', '/mining/status')).toEqual(FROM_CLIENT);
    expect(first.fetchFn).toHaveBeenCalledTimes(4);
  });

  it('handles a 401 answer like any other: the session is dropped', async () => {
    early('t1', Promise.resolve(errorAnswer('SESSION_EXPIRED', 'server.sessionExpired')));
    const { api, onUnauthorized } = client('t1');
    await expect(api.request('GET', '/mining/status')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('build/early.js', () => {
  it('asks for exactly the GETs the mining screen makes, and preloads its CSS as the app links it', async () => {
    const answers: Record<string, () => Response> = {
      '/api/mining/status': () => contractAnswer('miningStatus', buildMiningStatusBody()),
      [`/api/transactions/recent/list?limit=${RECENT_ACTIVITY_LIMIT}`]: () =>
        contractAnswer('recentTransactions', { success: true, transactions: [] }),
    };
    const fetchFn = vi.fn(async (url: string) => answers[url]?.() ?? errorAnswer('NOT_FOUND', 'server.notFound'));
    vi.stubGlobal('fetch', fetchFn);
    sessionStore.set(buildSession({ token: 'early-token' }));
    window.history.replaceState(null, '', '/mining');
    document.head.innerHTML =
      '<script type="application/json" id="ziv-preload">' +
      JSON.stringify({ screens: { '/mining': ['/assets/a.js', '/assets/a.css'] }, requests: Object.keys(answers) }) +
      '</script>';

    new Function(earlyScript)();

    expect(fetchFn.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(answers).sort());
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('crossorigin')])).toEqual([
      ['modulepreload', ''],
      ['preload', ''],
    ]);
    // The screen's own requests take those answers: no second fetch.
    await getMiningStatus();
    await getRecentTransactions(RECENT_ACTIVITY_LIMIT);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(window.__zivEarly).toEqual([]);
    sessionStore.clear();
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  describe("the reader's language", () => {
    const list =
      '<script type="application/json" id="ziv-preload">' +
      '{"screens":{},"languages":{"de":["/assets/de-1.js","/assets/de-2.js"],"es":["/assets/es-1.js"]},' +
      '"languageFeatures":{"de":["/assets/de-features.js"],"es":["/assets/es-features.js"]}}</script>';
    const preloaded = () =>
      [...document.head.querySelectorAll('link')].map((link) => [
        link.rel,
        link.getAttribute('href'),
        link.fetchPriority === 'low' ? 'low' : 'default',
      ]);
    const run = (setup: () => void) => {
      document.head.innerHTML = list;
      setup();
      new Function(earlyScript)();
      const links = preloaded();
      document.head.innerHTML = '';
      localStorage.removeItem('ziver-language');
      return links;
    };

    it('preloads the chosen language with the first screen, signed in or not, at normal priority', () => {
      sessionStore.clear();
      const links = run(() => localStorage.setItem('ziver-language', 'de'));
      expect(links).toEqual([
        ['modulepreload', '/assets/de-1.js', 'default'],
        ['modulepreload', '/assets/de-2.js', 'default'],
        ['modulepreload', '/assets/de-features.js', 'default'],
      ]);
    });

    it("leaves the rest of the language's texts out on the signed-in mining screen only, which does not wait for them", () => {
      sessionStore.set(buildSession({ token: 'early-token' }));
      vi.stubGlobal('fetch', miningScreenServer());
      const hrefs = (path: string) => {
        window.history.replaceState(null, '', path);
        return run(() => localStorage.setItem('ziver-language', 'de')).map(([, href]) => href);
      };
      expect(hrefs('/mining')).toEqual(['/assets/de-1.js', '/assets/de-2.js']);
      expect(hrefs('/')).toEqual(['/assets/de-1.js', '/assets/de-2.js']);
      expect(hrefs('/tasks')).toEqual(['/assets/de-1.js', '/assets/de-2.js', '/assets/de-features.js']);
      window.__zivEarly = [];
      sessionStore.clear();
      window.history.replaceState(null, '', '/');
    });

    it("takes Telegram's language, then the browser's, as the app does; English preloads nothing", () => {
      const user = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'es' }));
      window.history.replaceState(null, '', `/#tgWebAppData=${encodeURIComponent(`user=${user}&hash=x`)}`);
      expect(run(() => undefined).map(([, href]) => href)).toEqual(['/assets/es-1.js', '/assets/es-features.js']);
      window.history.replaceState(null, '', '/');
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
      expect(run(() => undefined).map(([, href]) => href)).toEqual([
        '/assets/de-1.js',
        '/assets/de-2.js',
        '/assets/de-features.js',
      ]);
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'de']);
      expect(run(() => undefined)).toEqual([]);
      expect(run(() => localStorage.setItem('ziver-language', 'en'))).toEqual([]);
    });
  });
});
