import type { IntegrityRingResponse, IntegrityRingsResponse } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { getRing, listRings } from './list-rings.js';

/** /api/admin/integrity: rings of accounts sharing strong signals (ADMIN only, by the entries' access). */
export function integrityRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    adminIntegrityRings: {
      handle: async ({ query }) => {
        const body: IntegrityRingsResponse = { success: true, ...(await listRings(db, { page: query.page })) };
        return body;
      },
    },
    adminIntegrityRing: {
      handle: async ({ params }) => {
        const body: IntegrityRingResponse = { success: true, ...(await getRing(db, params.id)) };
        return body;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
