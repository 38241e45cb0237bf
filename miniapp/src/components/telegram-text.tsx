import type { MouseEvent, ReactNode } from 'react';
import type { TelegramHtmlNode } from '@ziver/shared';
import { openInsideTelegram } from '@/lib/telegram-links';
import './telegram-text.css';

/**
 * Inside Telegram a link opens through Telegram (openTelegramLink for t.me, openLink for the
 * rest): a plain new-tab link would navigate or close the mini app's webview. Elsewhere the
 * anchor opens its new tab.
 */
function openThroughTelegram(event: MouseEvent<HTMLAnchorElement>): void {
  if (openInsideTelegram(event.currentTarget.href)) event.preventDefault();
}

/** One parsed node as React elements (never raw HTML: the tree comes from our own parser). */
function renderNode(node: TelegramHtmlNode, key: number): ReactNode {
  if (node.type === 'text') return node.text;
  const children = node.children.map(renderNode);
  switch (node.tag) {
    case 'b':
      return <b key={key}>{children}</b>;
    case 'i':
      return <i key={key}>{children}</i>;
    case 'u':
      return <u key={key}>{children}</u>;
    case 's':
      return <s key={key}>{children}</s>;
    case 'spoiler':
      return (
        <span key={key} className="zv-tg-spoiler" tabIndex={0}>
          {children}
        </span>
      );
    case 'a':
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer" onClick={openThroughTelegram}>
          {children}
        </a>
      );
    case 'code':
      return <code key={key}>{children}</code>;
    case 'pre':
      return <pre key={key}>{children}</pre>;
    case 'blockquote':
      return <blockquote key={key}>{children}</blockquote>;
  }
}

/** Text parsed by shared's Telegram HTML parser (measureMessage), shown as Telegram shows it. */
export function TelegramText({ nodes }: { nodes: TelegramHtmlNode[] }) {
  return <>{nodes.map(renderNode)}</>;
}
