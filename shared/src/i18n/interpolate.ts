import i18next, { type InterpolationOptions } from 'i18next';

/**
 * How every `{name}` text is filled: the message list (server answers, the mini app's rendering
 * of them), the bot's texts and the feature messages. i18next's own interpolation with `{` `}` as
 * delimiters (the mini app's i18n passes this to `t` for the `server` namespace), so there is one
 * interpolation, not one per side. Values go in as written: texts are not HTML.
 */
export const PLACEHOLDERS = { prefix: '{', suffix: '}', escapeValue: false } as const satisfies InterpolationOptions;

export type InterpolationValues = Readonly<Record<string, string | number>>;

type TextInterpolator = { interpolate(text: string, values: object, language: string, options: object): string };

/** An i18next instance holding no texts, only its interpolator with PLACEHOLDERS. */
function createInterpolator(): TextInterpolator {
  const texts = i18next.createInstance();
  void texts.init({ initAsync: false, interpolation: PLACEHOLDERS, showSupportNotice: false });
  return texts.services.interpolator;
}

// Holds nothing that changes: configuration only (its regexes are reset on every call).
const interpolator = /* @__PURE__ */ createInterpolator();

/** Fills `{name}` placeholders from `values`; a placeholder with no value stays as written. */
export function interpolate(text: string, values: InterpolationValues): string {
  return interpolator.interpolate(text, values, 'en', {});
}

/**
 * A `{name}` text written with i18next's default `{{name}}` delimiters, for the mini app's own
 * namespaces that reuse a shared text (e.g. 'Welcome back, {{username}}!').
 */
export function withDefaultDelimiters(text: string): string {
  return text.replace(/\{(\w+)\}/g, '{{$1}}');
}
