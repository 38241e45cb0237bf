import type { IncomingHttpHeaders } from 'node:http';

/** What a concern sees of a request: read once by the door that takes it. */
export type PipelineRequest = {
  /** The request id (requestIdFor): the client's `x-request-id` when it is a safe token. */
  id: string;
  method: string;
  /** The URL as it came (path and query), before any router rewrites it. */
  url: string;
  headers: IncomingHttpHeaders;
};

/** How an answer ended. */
export type PipelineEnd = {
  status: number;
  /** The client went away or the answer was not finished. */
  isAborted: boolean;
  /** From the door taking the request to the answer's end. */
  elapsedNs: bigint;
  /** A planned refusal (503 LOCKDOWN: maintenance an operator switched on), not a server error. */
  isPlannedRefusal: boolean;
};

/**
 * One per-request concern, defined once and run by both doors: Express's middleware
 * (`expressDoor`) and the hot path (`hotDoor`, platform/hot-routes.ts). What it may do is what
 * both doors can do the same way: put headers on the answer (before anything else writes, so a
 * route may still replace one) and act when the answer ends.
 */
export type RequestConcern = {
  name: string;
  /** Header names removed before anything is written (the hot door writes a fresh head). */
  removed?: readonly string[];
  /** The headers this request's answer carries, as name, value, name, value… */
  headers?(request: PipelineRequest): readonly string[];
  /** Called once when the answer has ended (sent or aborted). */
  end?(request: PipelineRequest, end: PipelineEnd): void;
};
