import enFeatures from './en-features';
import enShell from './en-shell';

/**
 * English, the source locale: the shell's and the features' strings together (the features'
 * objects include the few keys the shell repeats). Every message the spec quotes comes from
 * MESSAGES so the wording cannot drift; the other locales must have exactly these keys.
 */
const en = { ...enShell, ...enFeatures };

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };

/** The shape every locale must fill. */
export type Translation = DeepString<typeof en>;

export default en;
