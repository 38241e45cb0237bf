import type { z } from 'zod';
import type { CONTRACT, ContractId, HttpMethod } from '@ziver/shared';
import { queryString, type QueryValue } from '@ziver/shared/core';
import { api, type RequestOptions } from './api-client';
import type { AnswerReader, Reader } from './answer-shape';
import type { uploadCall } from './upload';

// The one way the mini app calls the API: `call(miningStatusEndpoint, args)`, the endpoint
// imported from its module in lib/endpoints/ (generated from shared/src/contract by
// `npm run generate:api`): method, path and the reader of its answer, compiled from the entry's
// zod schema, so no call site spells a path and the first screen ships neither zod nor the
// contract table (docs/decisions.md §30). The params, query and body are typed from the contract
// entry, and so is the answer; only types come from the contract here.

type Entry<K extends ContractId> = (typeof CONTRACT)[K];

/** What entry K answers on success: its `response` schema's output, or the file (a CSV export). */
export type Answer<K extends ContractId> =
  Entry<K> extends { responseType: 'binary' } ? Blob : z.output<Entry<K>['response']>;

type ParamsOf<S> = { [P in keyof S]: string | number };
/** A query's fields as sent: a field whose schema takes any input (preprocessed) takes any value. */
type QueryOf<S> = { [P in keyof S]?: unknown extends S[P] ? QueryValue : S[P] | '' | null };
type BodyOf<E> = E extends { bodyType: 'multipart' }
  ? { body: FormData }
  : E extends { body: z.ZodType }
    ? undefined extends z.input<E['body']>
      ? { body?: z.input<E['body']> }
      : { body: z.input<E['body']> }
    : { body?: never };

/** The request parts entry K takes: `params` and `body` when it has them, `query` when it may. */
export type CallParts<K extends ContractId> = (Entry<K> extends { params: z.ZodType }
  ? { params: ParamsOf<z.input<Entry<K>['params']>> }
  : { params?: never }) &
  (Entry<K> extends { query: z.ZodType } ? { query?: QueryOf<z.input<Entry<K>['query']>> } : { query?: never }) &
  BodyOf<Entry<K>>;

export type CallArgs<K extends ContractId> = CallParts<K> & {
  signal?: AbortSignal;
  /** Send this bearer token instead of the session's; a 401 then signs nobody out. */
  token?: string;
  /** The Idempotency-Key of a crediting call (RequestOptions.idempotencyKey). */
  idempotencyKey?: string;
  /** A multipart upload's progress, 0..1. */
  onProgress?: (fraction: number) => void;
  /** The answer of an OK upload with an empty body (docs/spec.md §7); refused without it. */
  emptyAnswer?: Answer<K>;
};

/** `args` may be left out when entry K needs no params or body. */
export type ArgsOf<K extends ContractId> = object extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

/** Types only: the contract id an Endpoint is the entry of. */
declare const contractId: unique symbol;

/** Contract entry K as lib/endpoints/ holds it (miniapp/build/endpoint-table.ts writes them). */
export type Endpoint<K extends ContractId> = {
  method: HttpMethod;
  /** The contract path, or for one with parameters a function filling them (URI-encoded). */
  path: string | ((params: Record<string, string | number>) => string);
  /** The answer's reader; a file answer has none. */
  read?: Reader<unknown>;
  file?: true;
  /** The body is a multipart form, sent by this (lib/upload.ts, with progress). */
  form?: typeof uploadCall;
  /** A 2xx with `success: false` is this entry's ordinary answer (the union says so). */
  unsuccessful?: true;
  /** Never set: it types `call`'s arguments and answer by the entry. */
  readonly [contractId]?: K;
};

export function pathOf(endpoint: Endpoint<ContractId>, args: { params?: object; query?: object }): string {
  const { path } = endpoint;
  const filled = typeof path === 'string' ? path : path(args.params as Record<string, string | number>);
  return `${filled}${queryString(args.query as Record<string, QueryValue> | undefined)}`;
}

export function send(
  endpoint: Endpoint<ContractId>,
  args: CallArgs<ContractId> = {},
  meta?: { receivedAt: number },
): Promise<unknown> {
  const { method, read, form } = endpoint;
  const path = pathOf(endpoint, args);
  if (form) return form(method, path, args, read!);
  const options: RequestOptions<unknown> = {
    body: args.body,
    signal: args.signal,
    token: args.token,
    ...(args.idempotencyKey === undefined ? {} : { idempotencyKey: args.idempotencyKey }),
    isFile: endpoint.file,
    isUnsuccessfulAnswer: endpoint.unsuccessful,
    parse:
      read &&
      ((data, at) => {
        if (meta) meta.receivedAt = at.receivedAt;
        return read(data);
      }),
  };
  return api.request(method, path, options);
}

/** Calls `endpoint`: its answer, read by the entry's compiled reader; failures are ApiErrors. */
export function call<K extends ContractId>(endpoint: Endpoint<K>, ...[args]: ArgsOf<K>): Promise<Answer<K>> {
  return send(endpoint, args as CallArgs<ContractId>) as Promise<Answer<K>>;
}

/** The reader of `endpoint`'s success answer, for an answer that arrived another way. */
export function answerReader<K extends ContractId>(endpoint: Endpoint<K>): AnswerReader<Answer<K>> {
  const { read } = endpoint;
  if (!read) throw new TypeError('a file answer has no reader');
  return (value) => read(value) as Answer<K>;
}
