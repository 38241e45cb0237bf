import { describe, expect, it } from 'vitest';
import { measureMessage, parseTelegramHtml } from './telegram-html.js';

describe('parseTelegramHtml', () => {
  it('reads the tags Telegram supports into a tree and counts the visible text', () => {
    const result = parseTelegramHtml(
      '<b>Bold</b> <strong>s</strong> <i>it</i> <u>u</u> <s>x</s> <span class="tg-spoiler">sp</span> <a href="https://t.me/x">link</a> <code>c</code> <pre>p</pre> <blockquote>q</blockquote> 1 &lt; 2 &amp;&amp; &quot;ok&quot; &#128512;',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.nodes[0]).toEqual({ type: 'element', tag: 'b', children: [{ type: 'text', text: 'Bold' }] });
    expect(result.nodes).toContainEqual({
      type: 'element',
      tag: 'a',
      href: 'https://t.me/x',
      children: [{ type: 'text', text: 'link' }],
    });
    expect(result.nodes).toContainEqual({ type: 'element', tag: 'spoiler', children: [{ type: 'text', text: 'sp' }] });
    const text = JSON.stringify(result.nodes);
    expect(text).toContain('1 < 2 && \\"ok\\" 😀');
  });

  it('counts entities as the characters they stand for', () => {
    const result = parseTelegramHtml('<b>a&amp;b</b>');
    expect(result).toMatchObject({ ok: true, visibleLength: 3 });
  });

  it.each([
    ['<b>open', 'unclosed_tag'],
    ['<b><i>x</b></i>', 'unexpected_closing_tag'],
    ['x</b>', 'unexpected_closing_tag'],
    ['<div>x</div>', 'unsupported_tag'],
    ['<span>x</span>', 'unsupported_tag'],
    ['<a>x</a>', 'link_without_href'],
    ['<a href="javascript:alert(1)">x</a>', 'link_without_href'],
    ['fish & chips', 'bad_entity'],
    ['&nbsp;', 'bad_entity'],
    ['&#xD800;', 'bad_entity'],
    ['1 < 2', 'stray_angle_bracket'],
    ['2 > 1', 'stray_angle_bracket'],
  ])('refuses %s (%s)', (source, code) => {
    expect(parseTelegramHtml(source)).toMatchObject({ ok: false, code });
  });

  it('accepts the attributes Telegram documents: a href, span class, blockquote expandable, code language in pre', () => {
    const result = parseTelegramHtml(
      '<blockquote expandable>q</blockquote><pre><code class="language-python">x = 1</code></pre><tg-spoiler>s</tg-spoiler>',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.nodes[0]).toEqual({ type: 'element', tag: 'blockquote', children: [{ type: 'text', text: 'q' }] });
    expect(result.nodes[1]).toEqual({
      type: 'element',
      tag: 'pre',
      children: [{ type: 'element', tag: 'code', children: [{ type: 'text', text: 'x = 1' }] }],
    });
  });

  it.each([
    ['<b onclick="x">x</b>', '<b onclick>'],
    ['<i style=color:red>x</i>', '<i style>'],
    ['<a href="https://t.me/x" onmouseover="x">x</a>', '<a onmouseover>'],
    ['<a href="https://t.me/x" href="https://evil.test">x</a>', '<a href>'],
    ['<span class="tg-spoiler" id="s">x</span>', '<span id>'],
    ['<tg-spoiler class="x">x</tg-spoiler>', '<tg-spoiler class>'],
    ['<code class="language-js">x</code>', '<code class>'],
    ['<pre class="language-js">x</pre>', '<pre class>'],
    ['<pre><code class="js">x</code></pre>', '<code class>'],
    ['<pre><code title="x">x</code></pre>', '<code title>'],
    ['<blockquote expandable="no" cite="x">q</blockquote>', '<blockquote expandable>'],
    ['<b>x</b onclick="x">', '</b onclick>'],
  ])('refuses an attribute Telegram does not document: %s', (source, detail) => {
    expect(parseTelegramHtml(source)).toEqual({ ok: false, code: 'unsupported_attribute', detail });
  });

  it('takes plain text as it is', () => {
    expect(measureMessage('1 < 2 & <b>', 'plain')).toEqual({
      ok: true,
      nodes: [{ type: 'text', text: '1 < 2 & <b>' }],
      visibleLength: 11,
    });
  });
});
