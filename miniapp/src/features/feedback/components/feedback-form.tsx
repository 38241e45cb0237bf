import { useState, type FormEvent } from 'react';
import { Button, Input, Section, Select, Textarea } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGES,
  FEEDBACK_PRIORITIES,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
  type FeedbackPriority,
  type FeedbackType,
} from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useSubmitFeedback } from '../api/submit-feedback';
import { FEEDBACK_MESSAGE_MS, useTimedNotice } from '../hooks/use-timed-notice';
import { useTranslateFeedbackMessage } from '../hooks/use-translate-feedback-message';
import { addAttachments } from '../utils/attachments';
import { submitErrorMessage } from '../utils/feedback-errors';
import { AttachmentPicker } from './attachment-picker';
import { formatPercent } from '@/lib/format';

type Values = { type: FeedbackType; priority: FeedbackPriority; title: string; message: string; files: File[] };
const EMPTY: Values = { type: 'suggestion', priority: 'medium', title: '', message: '', files: [] };

/**
 * The feedback form (docs/spec.md §2, §5): type, priority, title (max 100), details (max 1000) and up to
 * five images. Submit stays disabled while title or details is blank or while sending; success
 * resets the form and shows the thank-you text for 5 s.
 */
export function FeedbackForm() {
  const { t, i18n } = useTranslation();
  const translate = useTranslateFeedbackMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const { notice, show, clear } = useTimedNotice(FEEDBACK_MESSAGE_MS);
  const submit = useSubmitFeedback({
    onProgress: setProgress,
    onSuccess: (result) => {
      setValues(EMPTY);
      setFileProblems([]);
      show('success', result.message ? result : FEEDBACK_MESSAGES.submitted);
    },
    onError: (error) => show('error', submitErrorMessage(error)),
    onSettled: () => setProgress(null),
  });

  const isSending = submit.isPending;
  const isBlank = values.title.trim() === '' || values.message.trim() === '';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank || isSending) return;
    clear();
    setProgress(0);
    submit.mutate({
      type: values.type,
      priority: values.priority,
      title: values.title.trim(),
      message: values.message.trim(),
      attachments: values.files,
    });
  };

  const onPick = async (picked: File[]) => {
    const { files, problems } = await addAttachments(values.files, picked);
    set('files', files);
    setFileProblems(problems);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="zv-form" data-testid="feedback-form">
      <Section className="zv-section">
        <Select
          header={t('feedback.form.typeLabel')}
          aria-label={t('feedback.form.typeLabel')}
          name="type"
          value={values.type}
          disabled={isSending}
          onChange={(event) => set('type', event.target.value as FeedbackType)}
          data-testid="feedback-type"
        >
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.form.types.${type}`)}
            </option>
          ))}
        </Select>
        <Select
          header={t('feedback.form.priorityLabel')}
          aria-label={t('feedback.form.priorityLabel')}
          name="priority"
          value={values.priority}
          disabled={isSending}
          onChange={(event) => set('priority', event.target.value as FeedbackPriority)}
          data-testid="feedback-priority"
        >
          {FEEDBACK_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`feedback.form.priorities.${priority}`)}
            </option>
          ))}
        </Select>
        <Input
          header={t('feedback.form.titleLabel')}
          aria-label={t('feedback.form.titleLabel')}
          name="title"
          placeholder={t('feedback.form.titlePlaceholder')}
          maxLength={FEEDBACK_TITLE_MAX}
          value={values.title}
          disabled={isSending}
          onChange={(event) => set('title', event.target.value)}
          after={
            <span className="zv-muted zv-feedback-counter">
              {t('feedback.form.counter', { count: values.title.length, max: FEEDBACK_TITLE_MAX })}
            </span>
          }
          data-testid="feedback-title"
        />
        <Textarea
          header={t('feedback.form.detailsLabel')}
          aria-label={t('feedback.form.detailsLabel')}
          name="message"
          placeholder={t('feedback.form.detailsPlaceholder')}
          maxLength={FEEDBACK_MESSAGE_MAX}
          rows={5}
          value={values.message}
          disabled={isSending}
          onChange={(event) => set('message', event.target.value)}
          data-testid="feedback-details"
        />
        <p className="zv-feedback-counter zv-feedback-counter--below zv-muted">
          {t('feedback.form.counter', { count: values.message.length, max: FEEDBACK_MESSAGE_MAX })}
        </p>
        <AttachmentPicker
          files={values.files}
          disabled={isSending}
          onPick={(picked) => void onPick(picked)}
          onRemove={(index) =>
            set(
              'files',
              values.files.filter((_, i) => i !== index),
            )
          }
        />
      </Section>
      {fileProblems.map((problem) => (
        <Notice key={problem} tone="error" testId="feedback-file-error">
          {translate(problem)}
        </Notice>
      ))}
      {progress !== null && (
        <div className="zv-feedback-progress">
          <progress
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t('feedback.form.progressLabel')}
            data-testid="feedback-progress"
          />
          <span className="zv-muted">
            {t('feedback.form.sending', { percent: formatPercent(progress, i18n.language) })}
          </span>
        </div>
      )}
      {notice && (
        <Notice tone={notice.tone} testId={notice.tone === 'success' ? 'feedback-success' : 'feedback-error'}>
          {translate(notice.text)}
        </Notice>
      )}
      <Button
        type="submit"
        size="l"
        stretched
        loading={isSending}
        disabled={isBlank || isSending}
        data-testid="feedback-submit"
      >
        {t('feedback.form.submit')}
      </Button>
    </form>
  );
}
