import { useMemo, useState, type FormEvent } from 'react';
import { Button, Caption, Cell, Select, Switch, Textarea } from '@telegram-apps/telegram-ui';
import { ANNOUNCEMENT_TEXT_MAX, measureMessage, type AnnouncementFormat } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useMessageUser } from '../api/announcements';
import { useAnnounceTranslation } from '../announce-i18n';
import { useErrorText } from '../utils/use-error-text';

/** On a user's page: one message through the bot, sent now, with what became of it. */
export function MessageUserForm({ userId, hasTelegram }: { userId: string; hasTelegram: boolean }) {
  const errorText = useErrorText();
  const { t } = useAnnounceTranslation();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<AnnouncementFormat>('plain');
  const [withButton, setWithButton] = useState(false);
  const send = useMessageUser(userId);
  const measured = useMemo(() => measureMessage(text, format), [text, format]);
  const problem = !measured.ok
    ? t(`errors.${measured.code}`, { detail: measured.detail })
    : measured.visibleLength > ANNOUNCEMENT_TEXT_MAX
      ? t('errors.tooLong', { max: ANNOUNCEMENT_TEXT_MAX })
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ text, format, withButton }, { onSuccess: (answer) => answer.result === 'sent' && setText('') });
  };
  return (
    <form className="zv-admin-card__form" onSubmit={submit} noValidate data-testid="admin-message-form">
      <Caption level="1" weight="2">
        {t('message.title')}
      </Caption>
      {!hasTelegram && (
        <Caption level="1" className="zv-muted" data-testid="admin-message-no-telegram">
          {t('message.noTelegram')}
        </Caption>
      )}
      <Textarea
        header={t('textLabel')}
        aria-label={t('textLabel')}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="admin-message-text"
      />
      <Select
        header={t('formatLabel')}
        value={format}
        onChange={(event) => setFormat(event.target.value as AnnouncementFormat)}
        data-testid="admin-message-format"
      >
        <option value="plain">{t('formats.plain')}</option>
        <option value="html">{t('formats.html')}</option>
      </Select>
      <Cell
        Component="label"
        multiline
        after={
          <Switch
            checked={withButton}
            onChange={(event) => setWithButton(event.target.checked)}
            data-testid="admin-message-button"
          />
        }
      >
        {t('button')}
      </Cell>
      {problem && text.trim() !== '' && (
        <Notice tone="error" testId="admin-message-problem">
          {problem}
        </Notice>
      )}
      {send.isError && (
        <Notice tone="error" testId="admin-message-error">
          {t('failed', { message: errorText(send.error) })}
        </Notice>
      )}
      {send.isSuccess && (
        <Caption
          level="1"
          className={send.data.result === 'sent' ? 'zv-admin-card__ok' : 'zv-admin-neg'}
          data-testid="admin-message-result"
          data-result={send.data.result}
        >
          {t(`message.results.${send.data.result}`)}
        </Caption>
      )}
      <Button
        type="submit"
        size="m"
        stretched
        disabled={text.trim() === '' || problem !== null}
        loading={send.isPending}
        data-testid="admin-message-send"
      >
        {t('message.send')}
      </Button>
    </form>
  );
}
