import type { Endpoint, HttpMethod } from './define.js';
import { CONTRACT, type ContractId } from './endpoints.js';
import { pathPattern } from './paths.js';

export * from './define.js';
export * from './endpoints.js';
export * from './paths.js';
export * from './openapi.js';

type Route = { id: ContractId; endpoint: Endpoint; pattern: RegExp; literalSegments: number };

// Built on first use, so importing the shared package costs nothing where this is not called.
let routes: Route[] | undefined;
const buildRoutes = (): Route[] =>
  (Object.entries(CONTRACT) as [ContractId, Endpoint][])
    .map(([id, endpoint]) => ({
      id,
      endpoint,
      pattern: pathPattern(endpoint.path),
      literalSegments: endpoint.path.split('/').filter((s) => s && !s.startsWith('{')).length,
    }))
    // Literal paths win over parameters: /referrals/leaderboard before /referrals/{id}.
    .sort((a, b) => b.literalSegments - a.literalSegments);

/** The contract entry a request (method, path under /api) is answered by, if any. */
export function findEndpoint(method: string, path: string): { id: ContractId; endpoint: Endpoint } | undefined {
  const upper = method.toUpperCase() as HttpMethod;
  routes ??= buildRoutes();
  const route = routes.find((r) => r.endpoint.method === upper && r.pattern.test(path));
  return route && { id: route.id, endpoint: route.endpoint };
}
