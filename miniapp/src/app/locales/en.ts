import enFeatures from './en-features';
import enMining from './en-mining';
import enShell from './en-shell';

/**
 * English, the source locale: the shell's, the mining screen's and the other features' strings together (the features'
 * objects include the few keys the shell repeats). Every message the spec quotes comes from
 * MESSAGES so the wording cannot drift; the other locales must have exactly these keys.
 */
const en = { ...enShell, ...enMining, ...enFeatures };

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };

/** What a locale loads with the start-up language: the shell's and the mining screen's texts (./xx-start). */
export type StartTranslation = DeepString<typeof enShell & typeof enMining>;

/** The rest, loaded after the first screen (./xx-features). */
export type FeaturesTranslation = DeepString<typeof enFeatures>;

export default en;
