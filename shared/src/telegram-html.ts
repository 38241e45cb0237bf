/**
 * Telegram's HTML formatting (Bot API `parse_mode: 'HTML'`), checked before a message is sent so
 * that Telegram never refuses it with "can't parse entities", and read into a tree the console
 * renders as a preview. Only what Telegram documents: b/strong, i/em, u/ins, s/strike/del,
 * span class="tg-spoiler" / tg-spoiler, a href, code (class="language-…" inside pre), pre,
 * blockquote (expandable); the entities &lt; &gt; &amp; &quot; and numeric ones. Any other tag
 * or attribute is refused, never passed on (`<b onclick="…">`): the admin sees why and fixes it,
 * rather than the text being changed behind their back. tg-emoji is refused too: custom emoji
 * need a Fragment username the bot does not have. Pure (no DOM), so the server and the console
 * agree.
 */

export type TelegramHtmlTag = 'b' | 'i' | 'u' | 's' | 'spoiler' | 'a' | 'code' | 'pre' | 'blockquote';

export type TelegramHtmlNode =
  | { type: 'text'; text: string }
  | { type: 'element'; tag: TelegramHtmlTag; href?: string; children: TelegramHtmlNode[] };

/** Why a text is not valid Telegram HTML (the console translates the code). */
export type TelegramHtmlErrorCode =
  | 'unsupported_tag'
  | 'unsupported_attribute'
  | 'unclosed_tag'
  | 'unexpected_closing_tag'
  | 'link_without_href'
  | 'bad_entity'
  | 'stray_angle_bracket';

export type TelegramHtmlResult =
  | { ok: true; nodes: TelegramHtmlNode[]; visibleLength: number }
  | { ok: false; code: TelegramHtmlErrorCode; detail: string };

export const TELEGRAM_HTML_ERRORS: Record<TelegramHtmlErrorCode, string> = {
  unsupported_tag: 'Telegram does not support this tag',
  unsupported_attribute: 'Telegram does not support this attribute',
  unclosed_tag: 'A tag is opened but never closed',
  unexpected_closing_tag: 'A closing tag does not match the open tag',
  link_without_href: 'A link needs an href with an http(s) or tg:// address',
  bad_entity: 'Write & as &amp; (only &lt; &gt; &amp; &quot; and numeric entities are understood)',
  stray_angle_bracket: 'Write < as &lt; and > as &gt; outside tags',
};

const TAG_ALIASES: Record<string, TelegramHtmlTag> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  'tg-spoiler': 'spoiler',
  a: 'a',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};

/**
 * The attributes each tag may carry, and which values; everything else is refused. `a` needs its
 * href and `span` its class (checked below, as their own errors); `code` takes a language only
 * as the direct child of `pre`.
 */
const ALLOWED_ATTRIBUTES: Partial<Record<string, Record<string, (value: string, parent?: string) => boolean>>> = {
  a: { href: () => true },
  span: { class: () => true },
  blockquote: { expandable: (value) => value === '' },
  code: { class: (value, parent) => parent === 'pre' && /^language-[A-Za-z0-9_+#.-]+$/.test(value) },
};

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/;
const ATTRIBUTE = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const ENTITY = /^&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/;

type Open = { name: string; node: Extract<TelegramHtmlNode, { type: 'element' }> };

/** Parses Telegram HTML; `visibleLength` counts UTF-16 units of the text Telegram shows (its 4096 limit). */
export function parseTelegramHtml(source: string): TelegramHtmlResult {
  const root: TelegramHtmlNode[] = [];
  const stack: Open[] = [];
  let visibleLength = 0;
  let text = '';
  const children = () => (stack.length > 0 ? stack[stack.length - 1]!.node.children : root);
  const flush = () => {
    if (!text) return;
    children().push({ type: 'text', text });
    visibleLength += text.length;
    text = '';
  };

  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === '<') {
      const match = TAG.exec(source.slice(i));
      if (!match) return { ok: false, code: 'stray_angle_bracket', detail: source.slice(i, i + 20) };
      const [whole, closing, rawName = '', attributes = ''] = match;
      const name = rawName.toLowerCase();
      flush();
      const refused = refusedAttribute(name, attributes, Boolean(closing), stack[stack.length - 1]?.name);
      if (refused) return { ok: false, code: 'unsupported_attribute', detail: refused };
      if (closing) {
        const top = stack.pop();
        if (!top || top.name !== name) return { ok: false, code: 'unexpected_closing_tag', detail: `</${name}>` };
      } else {
        const attrs = readAttributes(attributes);
        let tag: TelegramHtmlTag | undefined = TAG_ALIASES[name];
        if (name === 'span') tag = attrs.class === 'tg-spoiler' ? 'spoiler' : undefined;
        if (!tag) return { ok: false, code: 'unsupported_tag', detail: `<${name}>` };
        const node: Open['node'] = { type: 'element', tag, children: [] };
        if (tag === 'a') {
          const href = attrs.href?.trim();
          if (!href || !/^(https?:\/\/|tg:\/\/)\S+$/i.test(href))
            return { ok: false, code: 'link_without_href', detail: `<${name}>` };
          node.href = href;
        }
        children().push(node);
        stack.push({ name, node });
      }
      i += whole.length;
      continue;
    }
    if (c === '>') return { ok: false, code: 'stray_angle_bracket', detail: '>' };
    if (c === '&') {
      const match = ENTITY.exec(source.slice(i));
      const decoded = match ? decodeEntity(match[1]!) : undefined;
      if (!match || decoded === undefined) return { ok: false, code: 'bad_entity', detail: source.slice(i, i + 10) };
      text += decoded;
      i += match[0].length;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  const open = stack.pop();
  if (open) return { ok: false, code: 'unclosed_tag', detail: `<${open.name}>` };
  return { ok: true, nodes: root, visibleLength };
}

/** The message as Telegram would count and show it: plain text as is, HTML parsed. */
export function measureMessage(text: string, format: 'html' | 'plain'): TelegramHtmlResult {
  if (format === 'plain') return { ok: true, nodes: [{ type: 'text', text }], visibleLength: text.length };
  return parseTelegramHtml(text);
}

/** The first attribute the tag may not carry (`<b onclick>`), a repeated one included; else undefined. */
function refusedAttribute(name: string, source: string, isClosing: boolean, parent: string | undefined) {
  const allowed = isClosing ? undefined : ALLOWED_ATTRIBUTES[name];
  const seen = new Set<string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const attribute = m[1]!.toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    const isAllowed = allowed?.[attribute]?.(value, parent) ?? false;
    if (!isAllowed || seen.has(attribute)) return `<${isClosing ? '/' : ''}${name} ${attribute}>`;
    seen.add(attribute);
  }
  return undefined;
}

function readAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) attrs[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

function decodeEntity(body: string): string | undefined {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    return String.fromCodePoint(code);
  }
  return NAMED_ENTITIES[body.toLowerCase()];
}
