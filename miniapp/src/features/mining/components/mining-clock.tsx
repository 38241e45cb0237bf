import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useNow } from '../hooks/use-now';
import { formatTime } from '@/lib/format';

/** The clock display of the mining hub: local time, ticking each second. */
export function MiningClock() {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  const time = formatTime(now, i18n.language);
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
