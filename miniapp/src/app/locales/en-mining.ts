import miningEn from '@/features/mining/locales/en';
import transactionsEn from '@/components/transactions/locales/en';

/**
 * The mining screen's English (its own texts and the transaction rows it lists): the signed-in
 * first screen waits for this chunk only, and the rest of the features' English (./en-features)
 * loads after it has rendered, off the phone network's critical path.
 */
const enMining = {
  mining: miningEn,
  transactions: transactionsEn,
};

export default enMining;
