import { Caption } from '@telegram-apps/telegram-ui';
import type { TelegramHtmlNode } from '@ziver/shared';
import { TelegramText } from '@/components/telegram-text';
import { useAnnounceTranslation } from '../announce-i18n';

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
        <div className="zv-tg-preview__bubble zv-tg-text" data-testid="announce-preview-bubble">
          {nodes && nodes.length > 0 ? (
            <TelegramText nodes={nodes} />
          ) : (
            <span className="zv-muted">{t('previewEmpty')}</span>
          )}
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
