import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useNow } from '../hooks/use-now';

/** The clock display of the mining hub: local time, ticking each second. */
export function MiningClock() {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  const time = new Date(now).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (
    <div className="zv-clock">
      <Icon name="clock" size={18} />
      <Caption level="1" className="zv-muted">
        {t('mining.localTime')}
      </Caption>
      <Text weight="2" className="zv-clock__time" data-testid="mining-clock">
        <time dateTime={new Date(now).toISOString()}>{time}</time>
      </Text>
    </div>
  );
}
