import type { RequestHandler } from 'express';
import { errorResponseSchema, findEndpoint, isServerMessageKey, keyedMessage } from '@ziver/shared';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/**
 * Checks every JSON answer of the API against the shared contract (shared/src/contract): a
 * success against its endpoint's response schema and status, an error against the one error
 * shape; and any answer with a `message` (contract call or not) must carry a `messageKey` of the
 * message list and its `params`, so no route can send a text clients cannot translate. `strict` logs a mismatch and answers 500 instead (so tests fail); `log` only logs.
 * Mount on the /api router before the feature routers. Only the issues are logged, never the
 * body (it may hold tokens).
 */
export function checkResponses(mode: Config['contractCheck'], logger: Logger): RequestHandler {
  if (mode === 'off') return (_req, _res, next) => next();
  return (req, res, next) => {
    // The path under /api, read now: routers rewrite req.url as they route.
    const path = req.path;
    const method = req.method;
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const checked = checkAnswer(mode, req.log ?? logger, { method, path, status: res.statusCode, body });
      if (checked.status !== res.statusCode) res.status(checked.status);
      return send(checked.body);
    };
    next();
  };
}

/**
 * What is sent for an answer under a check that is on: the answer itself, or, when it breaks
 * its contract, the breach logged (never the body) and in `strict` mode a 500 instead. Express's
 * answers (checkResponses) and the ones sent before Express (platform/hot-routes.ts) go through it.
 */
export function checkAnswer(
  mode: Exclude<Config['contractCheck'], 'off'>,
  log: Logger,
  answer: { method: string; path: string; status: number; body: unknown },
  bindings: Record<string, unknown> = {},
): { status: number; body: unknown } {
  const { method, path, status, body } = answer;
  const problem = contractProblem(method, path, status, body);
  if (!problem) return answer;
  log.error({ ...bindings, method, path, status, problem }, 'API answer breaks its contract');
  if (mode === 'log') return answer;
  return { status: 500, body: { success: false, code: 'INTERNAL', ...keyedMessage('server.internal') } };
}

/** A `message` without a known `messageKey` and its `params` object. */
function messageKeyProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message, messageKey, params } = body as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  if (!isServerMessageKey(messageKey)) return `message without a known messageKey: ${String(messageKey)}`;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return 'message without params';
  return null;
}

/** What is wrong with an answer of the API (`path` under /api), or null when it keeps its contract. */
export function contractProblem(method: string, path: string, status: number, body: unknown): string | null {
  const keyProblem = messageKeyProblem(body);
  if (keyProblem) return keyProblem;
  if (status >= 400) {
    const parsed = errorResponseSchema.safeParse(body);
    return parsed.success ? null : `error shape: ${parsed.error.message}`;
  }
  const found = findEndpoint(method, path);
  if (!found) return null; // not a contract call (admin routes, health…)
  const expectedStatus = found.endpoint.status ?? 200;
  if (status !== expectedStatus) return `${found.id}: status ${status}, contract says ${expectedStatus}`;
  const parsed = found.endpoint.response.safeParse(body);
  return parsed.success ? null : `${found.id}: ${parsed.error.message}`;
}
