import { IconButton } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useFullscreen } from '../hooks/use-fullscreen';

/** Enter or leave Telegram's full screen (Mini Apps 8.0+); nothing where the client cannot. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const { isSupported, isOn, failed, toggle } = useFullscreen();
  if (!isSupported) return null;
  const label = isOn ? t('mining.fullscreen.exit') : t('mining.fullscreen.enter');
  return (
    <span className="zv-mining-fullscreen">
      <IconButton
        mode="plain"
        size="s"
        aria-label={label}
        title={label}
        aria-pressed={isOn}
        data-testid="mining-fullscreen"
        onClick={() => void toggle()}
      >
        <Icon name={isOn ? 'collapse' : 'expand'} size={20} />
      </IconButton>
      {failed ? (
        <span role="status" className="zv-mining-fullscreen__failed" data-testid="mining-fullscreen-failed">
          {t('mining.fullscreen.failed')}
        </span>
      ) : null}
    </span>
  );
}
