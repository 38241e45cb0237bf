import { Caption, Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { type Feedback } from '@ziver/shared';
import { formatAmount, formatDate } from '@/lib/format';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useFeedbackHistory } from '../api/get-feedback-history';
import { useTranslateFeedbackMessage } from '../hooks/use-translate-feedback-message';
import { historyErrorMessage } from '../utils/feedback-errors';

function FeedbackItem({ item }: { item: Feedback }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(item.created_at, i18n.language) ?? '';
  const rewards = [
    item.reward_zp !== null ? `+${formatAmount(item.reward_zp, i18n.language)} ZP` : null,
    item.reward_seb !== null ? `+${formatAmount(item.reward_seb, i18n.language)} SEB` : null,
  ].filter(Boolean);
  return (
    <li className="zv-feedback-item" data-testid="feedback-history-item">
      <div className="zv-feedback-item__head">
        <Text weight="2" className="zv-feedback-item__title">
          {item.title}
        </Text>
        <span className={`zv-feedback-status zv-feedback-status--${item.status}`} data-testid="feedback-status">
          {t(`feedback.history.statuses.${item.status}`)}
        </span>
      </div>
      <Caption level="1" className="zv-muted">
        {t(`feedback.form.types.${item.type}`)} · {t(`feedback.form.priorities.${item.priority}`)} ·{' '}
        {t('feedback.history.sentOn', { date })}
      </Caption>
      <p className="zv-feedback-item__message">{item.message}</p>
      {item.attachments.length > 0 && (
        <div className="zv-feedback-item__images">
          {item.attachments.map((a, index) => (
            <a key={a.id} href={a.url} target="_blank" rel="noreferrer noopener">
              <img
                src={a.url}
                width={56}
                height={56}
                loading="lazy"
                alt={t('feedback.history.attachment', { index: index + 1, title: item.title })}
              />
            </a>
          ))}
        </div>
      )}
      {item.admin_reply && (
        <div className="zv-feedback-item__reply">
          <Caption level="1" weight="2">
            {t('feedback.history.reply')}
          </Caption>
          <p>{item.admin_reply}</p>
        </div>
      )}
      {rewards.length > 0 && (
        <Caption level="1" className="zv-feedback-item__reward">
          {t('feedback.history.reward')}: {rewards.join(' · ')}
        </Caption>
      )}
    </li>
  );
}

/** The user's feedback, newest first, with the team's status, reply and any reward. */
export function FeedbackHistory() {
  const { t } = useTranslation();
  const translate = useTranslateFeedbackMessage();
  const history = useFeedbackHistory();
  return (
    <Section header={t('feedback.history.header')} className="zv-section" data-testid="feedback-history">
      {history.isPending ? (
        <InlineLoader />
      ) : history.isError ? (
        <Notice tone="error">{translate(historyErrorMessage(history.error))}</Notice>
      ) : history.data.length === 0 ? (
        <p className="zv-feedback-empty zv-muted">{t('feedback.history.empty')}</p>
      ) : (
        <ul className="zv-feedback-list">
          {history.data.map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}
