import { Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import { FeedbackForm } from './feedback-form';
import { FeedbackHistory } from './feedback-history';
import '../feedback.css';

/** /feedback (docs/spec.md §2): the form with the reward note, then the user's earlier feedback. */
export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <Page testId="feedback-page" className="zv-feedback">
      <SubPageHeader title={t('feedback.title')} backTo={paths.settings} backLabel={t('feedback.back')} />
      <Text className="zv-muted">{t('feedback.intro')}</Text>
      <Notice tone="info" title={t('feedback.reward.title')} testId="feedback-reward-note">
        {t('feedback.reward.text')}
      </Notice>
      <FeedbackForm />
      <FeedbackHistory />
    </Page>
  );
}
