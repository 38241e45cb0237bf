import type { ClaimBatcher } from './claim-mining-reward.js';
import type { StatusCache } from './status-cache.js';

/** The mining feature's state, one per app (built in the composition root, app.ts). */
export type MiningState = { statusCache: StatusCache; claims: ClaimBatcher };
