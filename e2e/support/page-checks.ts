import type { Page } from 'playwright-core';

/**
 * Measurements of the page as it is now, taken in the page's own layout (e2e/i18n-walk.test.ts):
 * the texts a user sees or hears, text cut by its box, and anything wider than the viewport.
 */

/**
 * Every text the user sees or hears: each visible element's own text and its whole text (when
 * short), the options of visible selects, and aria-label, placeholder, title and alt.
 */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const add = (text: string | null | undefined) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (clean) texts.add(clean);
    };
    const isShown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('script, style, noscript, template')) continue;
      if (el instanceof HTMLSelectElement) {
        if (isShown(el)) for (const option of el.options) add(option.text);
        continue;
      }
      if (el instanceof HTMLOptionElement) continue;
      const shown = isShown(el);
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        if (el.hasAttribute(name) && (shown || name === 'aria-label')) add(el.getAttribute(name));
      }
      if (!shown) continue;
      let own = '';
      for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) own += node.textContent;
      if (!own.trim()) continue;
      add(own);
      const whole = el.textContent ?? '';
      if (whole.length <= 300) add(whole);
    }
    return [...texts];
  });
}

export type Clip = { text: string; element: string; overflow: string };

/**
 * Text cut short: a visible text whose nearest ancestor that hides overflow sideways (overflow
 * hidden or clip, or an ellipsis) is narrower than the text reaches, or whose nearest
 * line-clamped ancestor is shorter. Collapsed boxes (an accordion's closed panel, 1 px
 * screen-reader text) are not text anyone sees.
 */
export function clippedText(page: Page): Promise<Clip[]> {
  return page.evaluate(() => {
    const found: Clip[] = [];
    const seen = new Set<Element>();
    const describe = (el: Element) => {
      const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 3);
      const id = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls.map((c) => `.${c}`).join('')}`;
    };
    const styles = new Map<Element, CSSStyleDeclaration>();
    const styleOf = (el: Element) => {
      let style = styles.get(el);
      if (!style) styles.set(el, (style = getComputedStyle(el)));
      return style;
    };
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest('script, style, noscript, template, select, textarea'))
        continue;
      let sideways: HTMLElement | null = null;
      let clamp: HTMLElement | null = null;
      for (let el: HTMLElement | null = parent; el && el !== document.body; el = el.parentElement) {
        const style = styleOf(el);
        if (
          !sideways &&
          (style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis')
        ) {
          sideways = el;
        }
        if (!clamp && style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '') clamp = el;
        if (sideways && clamp) break;
      }
      if (!sideways && !clamp) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0 || text.height === 0) continue;
      const report = (el: HTMLElement, overflow: string) => {
        if (seen.has(el)) return;
        seen.add(el);
        found.push({ text: node.textContent!.trim().slice(0, 60), element: describe(el), overflow });
      };
      if (sideways && sideways.clientWidth > 2 && sideways.clientHeight > 2) {
        const box = sideways.getBoundingClientRect();
        const left = box.left + sideways.clientLeft;
        const right = left + sideways.clientWidth;
        if (text.right > right + 2 || text.left < left - 2) {
          report(sideways, `${Math.round(text.width)}px of text in ${sideways.clientWidth}px`);
        }
      }
      if (clamp && clamp.scrollHeight > clamp.clientHeight + 1) {
        report(clamp, `${clamp.scrollHeight}px of lines in ${clamp.clientHeight}px`);
      }
    }
    // A placeholder wider than its field (an input draws it on one line, cut with an ellipsis;
    // a textarea wraps it).
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (field.value !== '' || !field.placeholder.trim()) continue;
      if (!field.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(field, '::placeholder');
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      canvas.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
      const width = canvas.measureText(field.placeholder).width;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const fieldStyle = getComputedStyle(field);
      const roomInField = field.clientWidth - parseFloat(fieldStyle.paddingLeft) - parseFloat(fieldStyle.paddingRight);
      if (width > Math.min(room, roomInField) + 1) {
        found.push({
          text: field.placeholder.slice(0, 60),
          element: `${describe(field)} (placeholder)`,
          overflow: `${Math.round(width)}px of text in ${Math.round(Math.min(room, roomInField))}px`,
        });
      }
    }
    return found;
  });
}

export type WideElement = { element: string; right: number; viewport: number };

/**
 * When the page scrolls sideways: the page's width, and the elements (outside any sideways
 * scroller of their own) that reach past the viewport, widest first.
 */
export function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; wide: WideElement[] } | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    if (root.scrollWidth <= viewport + 1) return null;
    const describe = (el: Element) => {
      const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 3);
      const id = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls.map((c) => `.${c}`).join('')}`;
    };
    const wide: WideElement[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.right <= viewport + 1 || rect.width === 0) continue;
      let scroller = el.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      if (scroller && scroller !== document.body && scroller !== root) continue;
      wide.push({ element: describe(el), right: Math.round(rect.right + window.scrollX), viewport });
    }
    wide.sort((a, b) => b.right - a.right);
    return { scrollWidth: root.scrollWidth, wide: wide.slice(0, 4) };
  });
}

/**
 * Headings with a word broken across two lines ('Nutzungsbedingunge / n'): a heading's words
 * must fit its width (a word with a hyphen of its own may break there).
 */
export function brokenHeadingWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const range = document.createRange();
    for (const heading of document.querySelectorAll('h1, h2, h3, [role="heading"]')) {
      if (!heading.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Words of scripts that separate words with spaces: Chinese (and Japanese) text may
        // break between any two characters, so a Han character or CJK punctuation ends a word.
        for (const match of text.matchAll(
          /[^\s\-\u00ad\u200b/\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+/gu,
        )) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(`"${match[0]}" in "${(heading.textContent ?? '').trim().slice(0, 60)}"`);
        }
      }
    }
    return found;
  });
}

/**
 * Moves the keyboard focus through the page with Tab (at most `limit` stops) and returns the
 * controls that showed no focus indicator: no outline and no box shadow on the control, or for
 * a visually hidden input (telegram-ui's switches and checkboxes), on the element drawn for it.
 */
export async function focusWithoutIndicator(page: Page, limit = 60): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const missing = new Set<string>();
  const seen = new Set<string>();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const describe = (node: Element) => {
        const id = node.getAttribute('data-testid');
        const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 30) ?? '';
        return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${label}"`;
      };
      const shows = (node: Element | null) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== 'none';
      };
      // A telegram-ui field shows focus by the rounded ring of the <label> around its control,
      // drawn in the link colour while focused (its resting ring is another colour).
      const showsFieldRing = (node: Element) => {
        const ring = node.matches('input, textarea, select') ? node.closest('label') : null;
        if (!ring) return false;
        const probe = document.createElement('span');
        probe.style.color = getComputedStyle(ring).getPropertyValue('--tgui--link_color');
        ring.append(probe);
        const linkColour = getComputedStyle(probe).color;
        probe.remove();
        return getComputedStyle(ring).boxShadow.includes(linkColour);
      };
      const rect = el.getBoundingClientRect();
      const hidden = rect.width < 4 || rect.height < 4 || getComputedStyle(el).opacity === '0';
      const candidates = hidden ? [el, el.nextElementSibling, el.parentElement] : [el];
      return {
        key: describe(el) + Math.round(rect.top + window.scrollY),
        name: describe(el),
        ok: candidates.some(shows) || showsFieldRing(el),
      };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (!stop.ok) missing.add(stop.name);
  }
  return [...missing];
}
