import type { ContractId } from '@ziver/shared';
import { API_BASE } from './api-client';
import { pathOf, send, type Answer, type ArgsOf, type CallArgs, type CallParts, type Endpoint } from './call';

// The mining screen's calls the early start (build/early.js) may have asked already: as `call`,
// kept out of lib/call.ts so the first screen's bundle does not carry them (they load with the
// mining screen).

/** As `call`, with when the answer arrived (earlier than now for one the early start asked for). */
export async function callTimed<K extends ContractId>(
  endpoint: Endpoint<K>,
  ...[args]: ArgsOf<K>
): Promise<{ answer: Answer<K>; receivedAt: number }> {
  const meta = { receivedAt: Date.now() };
  const answer = (await send(endpoint, args as CallArgs<ContractId>, meta)) as Answer<K>;
  return { answer, receivedAt: meta.receivedAt };
}

/** The URL `call(endpoint, args)` asks (under /api), e.g. to find the early start's request for it. */
export function apiUrl<K extends ContractId>(
  endpoint: Endpoint<K>,
  args?: Pick<CallParts<K>, 'params' | 'query'>,
): string {
  return `${API_BASE}${pathOf(endpoint, args ?? {})}`;
}
