import type { ReactNode } from 'react';
import { Caption } from '@telegram-apps/telegram-ui';
import type { TelegramHtmlNode } from '@ziver/shared';
import { useAnnounceTranslation } from '../announce-i18n';

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
        <span key={key} className="zv-tg-spoiler">
          {children}
        </span>
      );
    case 'a':
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
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

/**
 * The message as a Telegram chat bubble: the parsed text with its formatting and, when asked for,
 * the inline "Open Ziver" button under it (labelled in `buttonLabel`).
 */
export function TelegramPreview({ nodes, buttonLabel }: { nodes: TelegramHtmlNode[] | null; buttonLabel?: string }) {
  const { t } = useAnnounceTranslation();
  return (
    <div className="zv-tg-preview" data-testid="announce-preview">
      <Caption level="1" weight="2">
        {t('previewTitle')}
      </Caption>
      <div className="zv-tg-preview__chat">
        <div className="zv-tg-preview__bubble" data-testid="announce-preview-bubble">
          {nodes && nodes.length > 0 ? nodes.map(renderNode) : <span className="zv-muted">{t('previewEmpty')}</span>}
        </div>
        {buttonLabel && (
          <div className="zv-tg-preview__button" data-testid="announce-preview-button">
            {buttonLabel}
          </div>
        )}
      </div>
    </div>
  );
}
