import type { z } from 'zod';
import type { CONTRACT, ContractId, HttpMethod } from '@ziver/shared';
import { queryString, type QueryValue } from '@ziver/shared/core';
import { api, type RequestOptions } from './api-client';
import type { Reader } from './answer-shape';
import type { uploadCall } from './upload';

// The one way the mini app calls the API: `call('<contract id>', args)`. The id names an entry of
// shared/src/contract/endpoints.ts; its params, query and body are typed from the entry, and so
// is the answer. build/answer-readers.ts replaces the id at build time (and in tests) by the
// entry compiled to a small object: method, path and the answer's reader compiled from its zod
// schema, so no call site spells a path and the first screen ships neither zod nor the contract
// table (docs/decisions.md §30). Only types come from the contract here.

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
  /** A multipart upload's progress, 0..1. */
  onProgress?: (fraction: number) => void;
  /** The answer of an OK upload with an empty body (docs/spec.md §7); refused without it. */
  emptyAnswer?: Answer<K>;
};

/** `args` may be left out when entry K needs no params or body. */
export type ArgsOf<K extends ContractId> = object extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

/** What build/answer-readers.ts compiles a contract id into (compileEndpoint). */
export type CompiledEndpoint = {
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
};

/** The compiled entry in place of the contract id (an id not compiled fails at its path). */
export function compiled(endpoint: ContractId): CompiledEndpoint {
  return endpoint as unknown as CompiledEndpoint;
}

export function pathOf(endpoint: CompiledEndpoint, args: { params?: object; query?: object }): string {
  const { path } = endpoint;
  const filled = typeof path === 'string' ? path : path(args.params as Record<string, string | number>);
  return `${filled}${queryString(args.query as Record<string, QueryValue> | undefined)}`;
}

export function send(id: ContractId, args: CallArgs<ContractId> = {}, meta?: { receivedAt: number }): Promise<unknown> {
  const endpoint = compiled(id);
  const { method, read, form } = endpoint;
  const path = pathOf(endpoint, args);
  if (form) return form(method, path, args, read!);
  const options: RequestOptions<unknown> = {
    body: args.body,
    signal: args.signal,
    token: args.token,
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

/** Calls contract entry `id`: its answer, read by the entry's compiled reader; failures are ApiErrors. */
export function call<K extends ContractId>(id: K, ...[args]: ArgsOf<K>): Promise<Answer<K>> {
  return send(id, args as CallArgs<ContractId>) as Promise<Answer<K>>;
}
