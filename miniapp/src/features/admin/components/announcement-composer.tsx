import { useMemo, useState, type FormEvent } from 'react';
import { Button, Caption, Cell, Section, Select, Switch, Textarea } from '@telegram-apps/telegram-ui';
import {
  ANNOUNCEMENT_TEXT_MAX,
  LANGUAGE_NAMES,
  LANGUAGES,
  measureMessage,
  TRANSLATION_LANGUAGES,
  type Announcement,
  type AnnouncementFormat,
  type Language,
  type TranslationLanguage,
} from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useAnnouncementAudience, useCreateAnnouncement } from '../api/announcements';
import { useAnnounceTranslation } from '../announce-i18n';
import { useAdminTasksTranslation } from '../tasks-i18n';
import {
  emptyTranslationDrafts,
  OperatorTextsFields,
  translationsOf,
  type TranslationDrafts,
} from './operator-texts-fields';
import { TelegramPreview } from './telegram-preview';
import { useErrorText } from '../utils/use-error-text';

type Problems = Partial<Record<TranslationLanguage, string>>;
type Translate = ReturnType<typeof useAnnounceTranslation>['t'];

/** What Telegram would refuse in one measured text, in the console's language; null when fine. */
function problemOf(result: ReturnType<typeof measureMessage>, t: Translate): string | null {
  if (!result.ok) return t(`errors.${result.code}`, { detail: result.detail });
  return result.visibleLength > ANNOUNCEMENT_TEXT_MAX ? t('errors.tooLong', { max: ANNOUNCEMENT_TEXT_MAX }) : null;
}

/**
 * Writes an announcement: the English text and optional translations (plain or Telegram HTML,
 * each checked as Telegram would), an optional "Open Ziver" button, everyone or one language, the
 * recipients by channel (Telegram, in-app), a preview, and a two-step send. `onStarted` gets the
 * announcement once the server has started it.
 */
export function AnnouncementComposer({ onStarted }: { onStarted: (announcement: Announcement) => void }) {
  const errorText = useErrorText();
  const { t, i18n } = useAnnounceTranslation();
  const { t: tasksT } = useAdminTasksTranslation();
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState<TranslationDrafts>(() => emptyTranslationDrafts());
  const [format, setFormat] = useState<AnnouncementFormat>('plain');
  const [language, setLanguage] = useState<Language | null>(null);
  const [withButton, setWithButton] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const audience = useAnnouncementAudience(language);
  const create = useCreateAnnouncement();

  const measured = useMemo(() => measureMessage(text, format), [text, format]);
  const isTooLong = measured.ok && measured.visibleLength > ANNOUNCEMENT_TEXT_MAX;
  const problem = problemOf(measured, t);
  const translationProblems = useMemo(() => {
    const problems: Problems = {};
    for (const language of TRANSLATION_LANGUAGES) {
      const written = translations[language];
      if (written.trim() === '') continue;
      const found = problemOf(measureMessage(written, format), t);
      if (found) problems[language] = found;
    }
    return problems;
  }, [translations, format, t]);
  const recipients = audience.data?.recipients ?? 0;
  const inApp = audience.data?.inApp ?? 0;
  const buttonKind = audience.data?.button ?? null;
  const canSend =
    text.trim() !== '' &&
    problem === null &&
    Object.keys(translationProblems).length === 0 &&
    (recipients > 0 || inApp > 0);
  const buttonLabel =
    withButton && buttonKind ? i18n.getFixedT(language ?? i18n.language, 'adminAnnounce')('openButton') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (!isConfirming) {
      setIsConfirming(true);
      return;
    }
    create.mutate(
      {
        text,
        translations: translationsOf(translations),
        format,
        language,
        withButton: withButton && buttonKind !== null,
      },
      {
        onSuccess: (announcement) => {
          setIsConfirming(false);
          setText('');
          setTranslations(emptyTranslationDrafts());
          onStarted(announcement);
        },
        onError: () => setIsConfirming(false),
      },
    );
  };

  return (
    <form className="zv-admin-card zv-admin-card__form--plain" onSubmit={submit} noValidate data-testid="announce-form">
      <Section header={t('composeTitle')}>
        <Textarea
          header={t('textLabel')}
          aria-label={t('textLabel')}
          placeholder={t('textPlaceholder')}
          rows={5}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsConfirming(false);
          }}
          data-testid="announce-text"
        />
      </Section>
      <Section header={t('translationsTitle')} footer={t('translationsHint')}>
        <OperatorTextsFields
          label={t('textLabel')}
          english={text}
          drafts={translations}
          onChange={(next) => {
            setTranslations(next);
            setIsConfirming(false);
          }}
          rows={3}
          testId="announce-text"
          errors={translationProblems}
        />
      </Section>
      <Section>
        <Select
          header={t('formatLabel')}
          value={format}
          onChange={(event) => setFormat(event.target.value as AnnouncementFormat)}
          data-testid="announce-format"
        >
          <option value="plain">{t('formats.plain')}</option>
          <option value="html">{t('formats.html')}</option>
        </Select>
        <Select
          header={t('audienceLabel')}
          value={language ?? ''}
          onChange={(event) => {
            setLanguage((event.target.value || null) as Language | null);
            setIsConfirming(false);
          }}
          data-testid="announce-language"
        >
          <option value="">{t('everyone')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t('onlyLanguage', { language: LANGUAGE_NAMES[l] })}
            </option>
          ))}
        </Select>
        <Cell
          Component="label"
          multiline
          disabled={buttonKind === null}
          description={buttonKind === null ? t('buttonUnavailable') : buttonKind === 'url' ? t('buttonUrl') : undefined}
          after={
            <Switch
              checked={withButton && buttonKind !== null}
              disabled={buttonKind === null}
              onChange={(event) => setWithButton(event.target.checked)}
              data-testid="announce-button"
            />
          }
        >
          {t('button')}
        </Cell>
      </Section>
      <div className="zv-announce-facts">
        <Caption level="1" weight="2" data-testid="announce-recipients">
          {t('recipients', { count: recipients })}
        </Caption>
        <Caption level="1" weight="2" data-testid="announce-in-app">
          {t('inAppRecipients', { count: inApp, only: audience.data?.inAppOnly ?? 0 })}
        </Caption>
        {(audience.data?.email ?? 0) > 0 && (
          <Caption level="1" weight="2" data-testid="announce-email">
            {t('emailRecipients', { count: audience.data?.email ?? 0 })}
          </Caption>
        )}
        <Caption level="1" className={isTooLong ? 'zv-admin-neg' : 'zv-muted'} data-testid="announce-length">
          {t('length', { count: measured.ok ? measured.visibleLength : text.length, max: ANNOUNCEMENT_TEXT_MAX })}
        </Caption>
      </div>
      <Caption level="1" className="zv-muted">
        {t('recipientsHint')}
      </Caption>
      {audience.data && !audience.data.isBotOn && (
        <Notice tone="info" testId="announce-bot-off">
          {t('botOff')}
        </Notice>
      )}
      {problem && text.trim() !== '' && (
        <Notice tone="error" testId="announce-problem">
          {problem}
        </Notice>
      )}
      {TRANSLATION_LANGUAGES.filter((l) => translationProblems[l]).map((l) => (
        <Notice key={l} tone="error" testId={`announce-problem-${l}`}>
          {`${tasksT(`form.languages.${l}`)}: ${translationProblems[l]}`}
        </Notice>
      ))}
      <TelegramPreview nodes={measured.ok ? measured.nodes : null} buttonLabel={buttonLabel} />
      {create.isError && (
        <Notice tone="error" testId="announce-error">
          {t('failed', { message: errorText(create.error) })}
        </Notice>
      )}
      {isConfirming && (
        <Caption level="1" weight="2" data-testid="announce-confirm-text">
          {t('confirm', { telegram: recipients, inApp })}
        </Caption>
      )}
      <div className="zv-announce-actions">
        <Button
          type="submit"
          size="m"
          stretched
          disabled={!canSend}
          loading={create.isPending}
          data-testid={isConfirming ? 'announce-confirm' : 'announce-send'}
        >
          {isConfirming ? t('confirmYes') : t('send')}
        </Button>
        {isConfirming && (
          <Button type="button" size="m" mode="gray" stretched onClick={() => setIsConfirming(false)}>
            {t('confirmNo')}
          </Button>
        )}
      </div>
    </form>
  );
}
