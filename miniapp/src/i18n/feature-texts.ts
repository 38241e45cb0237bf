import { useTranslation } from 'react-i18next';
import type { Language } from '@ziver/shared/core';
import { i18n } from './index';

/** A text tree with the same keys as `En`, every leaf a string (another language's texts). */
export type TextsLike<En> = { [K in keyof En]: En[K] extends string ? string : TextsLike<En[K]> };

/** The dotted keys of a text tree's leaves: 'tabs.seb', 'empty'. */
export type TextKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A feature's texts in all five languages: English sets the keys, the others must have exactly them. */
export type FeatureTextBundles<En> = { en: En } & Record<Exclude<Language, 'en'>, TextsLike<En>>;

export type FeatureTexts<En> = {
  namespace: string;
  bundles: FeatureTextBundles<En>;
  /** The feature's `t`: its keys only, with `{{name}}` values. */
  useTexts: () => (key: TextKey<En>, values?: Record<string, string | number>) => string;
};

/**
 * A feature's texts, all five languages in one module (features/<feature>/texts.ts), in the
 * feature's own i18next namespace, registered when the module is first imported: with the
 * feature's lazy chunk, so none of it ships with the first screen. i18n/feature-texts.test.ts
 * checks every such module (same keys in every language, none empty, the same placeholders).
 */
export function defineFeatureTexts<const En extends object>(
  namespace: string,
  bundles: FeatureTextBundles<En>,
): FeatureTexts<En> {
  for (const [language, resources] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, resources);
  }
  return {
    namespace,
    bundles,
    useTexts: () => {
      // The namespace is not in i18next's declared resources (app/locales/i18next.d.ts): the keys
      // are typed by TextKey instead.
      const { t } = useTranslation(namespace as never);
      return t as unknown as (key: TextKey<En>, values?: Record<string, string | number>) => string;
    },
  };
}
