import {
  CONTRACT,
  ERROR_STATUS,
  errorResponseSchema,
  keyedMessage,
  SERVER_MESSAGE_KEYS,
  type ContractId,
  type ErrorCode,
  type ErrorResponse,
  type KeyedMessage,
  type MessageParams,
  type ServerMessageKey,
} from '@ziver/shared';
import type { z, ZodType } from 'zod';

// The only way a mini-app test fakes a server answer: every body goes through the schema the
// real server's answers are checked against (shared/src/contract, CONTRACT_CHECK=strict), so a
// test cannot pass against a server that could not exist. A mismatch throws, naming the entry.

/**
 * Answers the contract rejected during the running test. A fake fetch that throws looks like a
 * network failure to the client, which a test of error handling could take for success, so the
 * setup file fails the test afterwards as well (takeRejectedAnswers).
 */
const rejected: string[] = [];

/** The contract mismatches since the last call (the setup file fails a test that had any). */
export function takeRejectedAnswers(): string[] {
  return rejected.splice(0);
}

function parsed<T>(schema: ZodType<T>, body: unknown, label: string): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    const message = `${label}: the contract rejects this fake answer\n  ${issues.join('\n  ')}`;
    rejected.push(message);
    throw new Error(message);
  }
  return result.data;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The body contract entry `id` answers on success, as its schema accepts it. */
export type ContractBody<Id extends ContractId> = z.input<(typeof CONTRACT)[Id]['response']>;

/** `body` checked against contract entry `id`'s success schema (for seeding a query cache, too). */
export function contractBody<Id extends ContractId>(id: Id, body: ContractBody<Id>): ContractBody<Id> {
  parsed(CONTRACT[id].response as ZodType, body, `CONTRACT.${id}.response`);
  knownKey(body, `CONTRACT.${id}.response`);
  return body;
}

/** As the server's strict check (CONTRACT_CHECK): a `messageKey` must be a key of the message list. */
function knownKey(body: unknown, label: string) {
  const key = (body as { messageKey?: unknown } | null)?.messageKey;
  if (key !== undefined && !(SERVER_MESSAGE_KEYS as readonly unknown[]).includes(key)) {
    const message = `${label}: messageKey ${String(key)} is not a key of the message list`;
    rejected.push(message);
    throw new Error(message);
  }
}

/** A success answer of contract entry `id`, with the entry's status (200 unless it says otherwise). */
export function contractAnswer<Id extends ContractId>(id: Id, body: ContractBody<Id>): Response {
  const endpoint = CONTRACT[id] as { status?: number };
  return json(endpoint.status ?? 200, contractBody(id, body));
}

/**
 * A failure answer as the server sends it: `{ success: false, message, messageKey, params, code }`
 * with the text of `key` from the message list and the status of `code` (ERROR_STATUS).
 */
export function errorAnswer(
  code: ErrorCode,
  key: ServerMessageKey,
  options: { params?: MessageParams; status?: number; details?: unknown } = {},
): Response {
  const keyed = (keyedMessage as (key: ServerMessageKey, params?: MessageParams) => KeyedMessage)(key, options.params);
  const body = {
    success: false as const,
    ...keyed,
    code,
    ...(options.details === undefined ? {} : { details: options.details }),
  };
  return errorBodyAnswer(options.status ?? ERROR_STATUS[code], body);
}

/**
 * A failure answer with a hand-written body (a text or key the client does not know yet, as
 * from a newer server): still checked against `errorResponseSchema`.
 */
export function errorBodyAnswer(status: number, body: ErrorResponse): Response {
  return json(status, parsed(errorResponseSchema, body, `errorResponseSchema (${status})`));
}

/**
 * What a proxy or gateway in front of the server sends when the server is unreachable: an empty
 * body with a failure status. No contract covers it; clients must still cope.
 */
export function gatewayAnswer(status: 500 | 502 | 503 | 504): Response {
  return new Response('', { status });
}

/**
 * An answer contract entry `id` does NOT accept, for tests of the client's defences against a
 * server that breaks it (version skew): throws if the contract accepts it after all.
 */
export function offContractAnswer(id: ContractId, status: number, body: unknown): Response {
  if ((CONTRACT[id].response as ZodType).safeParse(body).success) {
    throw new Error(`CONTRACT.${id}.response accepts this answer: it does not test an off-contract server`);
  }
  return json(status, body);
}
