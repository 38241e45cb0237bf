import { Caption, Text } from '@telegram-apps/telegram-ui';
import { NOTIFICATION_QUEUES, type DashboardResponse } from '@ziver/shared';
import { useAdminTranslation } from '../i18n';
import type { DashboardFormat } from './dashboard-format';

type QueueName = (typeof NOTIFICATION_QUEUES)[number];
const QUEUE_LABELS = new Set<string>(NOTIFICATION_QUEUES);

/** The notification queues now, and the users who blocked the bot. */
export function DashboardQueues({
  notifications,
  formatNumber,
}: {
  notifications: DashboardResponse['notifications'];
  formatNumber: DashboardFormat['formatNumber'];
}) {
  const { t } = useAdminTranslation();
  return (
    <section className="zv-admin-card" data-testid="dash-queues" aria-labelledby="dash-queues-title">
      <Text weight="2" id="dash-queues-title">
        {t('dashboard.queueTitle')}
      </Text>
      <Caption level="1" className="zv-muted">
        {t('dashboard.queueHint')}
      </Caption>
      {notifications.queues.map((queue) => {
        // Telegram's entries keep the queue's own test id; another channel's adds its name.
        const id = queue.channel === 'telegram' ? queue.queue : `${queue.queue}-${queue.channel}`;
        return (
          <div key={id} className="zv-dash-queue" data-testid={`dash-queue-${id}`}>
            <Text weight="3">
              {QUEUE_LABELS.has(queue.queue) ? t(`dashboard.queues.${queue.queue as QueueName}`) : queue.queue}
              {' · '}
              {t(`dashboard.channels.${queue.channel}`)}
            </Text>
            <dl className="zv-dash-queue__figures">
              {(['pending', 'due', 'failed', 'unconfirmed'] as const).map((state) => (
                <div key={state}>
                  <dt>
                    <Caption level="1" className="zv-muted">
                      {t(`dashboard.queue.${state}`)}
                    </Caption>
                  </dt>
                  <dd data-testid={`dash-queue-${id}-${state}`}>{formatNumber(queue[state])}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
      <dl className="zv-dash-queue__figures">
        <div>
          <dt>
            <Caption level="1" className="zv-muted">
              {t('dashboard.blockedUsers')}
            </Caption>
          </dt>
          <dd data-testid="dash-value-blocked_users">{formatNumber(notifications.blocked_users)}</dd>
        </div>
      </dl>
    </section>
  );
}
