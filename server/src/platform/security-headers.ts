import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's helmet settings: the one source of its security headers. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  // Telegram Web shows mini apps in an iframe, so framing by Telegram must be allowed.
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  // Google sign-in and link tasks open popups and watch them close; 'same-origin' would sever them.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://accounts.google.com'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'https://accounts.google.com'],
      frameSrc: ["'self'", 'https://accounts.google.com'],
      frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * helmet's headers, computed once: helmet runs on a recording response at start-up and every
 * request gets the recorded header list (the settings hold no per-request values such as
 * nonces, so the headers are the same for every request). security-headers.test.ts checks
 * they equal helmet's own answer.
 */
export function securityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
