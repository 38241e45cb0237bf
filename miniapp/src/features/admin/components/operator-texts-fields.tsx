import { Textarea } from '@telegram-apps/telegram-ui';
import { TRANSLATION_LANGUAGES, type TextTranslations, type TranslationLanguage } from '@ziver/shared';
import { useAdminTasksTranslation } from '../tasks-i18n';

/** The translations a form holds: every language as a string ('' = uses the English text). */
export type TranslationDrafts = Record<TranslationLanguage, string>;

export const emptyTranslationDrafts = (from: TextTranslations = {}): TranslationDrafts =>
  Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, from[l] ?? ''])) as TranslationDrafts;

/** The drafts as a request's `translations`: the ones written (the server trims and drops empty ones too). */
export const translationsOf = (drafts: TranslationDrafts): TextTranslations =>
  Object.fromEntries(TRANSLATION_LANGUAGES.filter((l) => drafts[l].trim() !== '').map((l) => [l, drafts[l]]));

/**
 * The optional translations of an operator's text (the lockdown message, an announcement), one
 * field per language, each marked "uses English" while empty and showing the English text it
 * falls back to. `label` names the text; `testId` prefixes each field's test id (`-fr`, …).
 */
export function OperatorTextsFields({
  label,
  english,
  drafts,
  onChange,
  maxLength,
  rows = 2,
  testId,
  errors = {},
}: {
  label: string;
  english: string;
  drafts: TranslationDrafts;
  onChange: (next: TranslationDrafts) => void;
  maxLength?: number;
  rows?: number;
  testId: string;
  errors?: Partial<Record<TranslationLanguage, string>>;
}) {
  const { t } = useAdminTasksTranslation();
  return (
    <>
      {TRANSLATION_LANGUAGES.map((language) => {
        const name = `${label} (${t(`form.languages.${language}`)})`;
        const usesEnglish = drafts[language].trim() === '';
        const error = errors[language];
        return (
          <Textarea
            key={language}
            header={
              <span className="zv-admin-task-label">
                {name}
                {usesEnglish && (
                  <span
                    className="zv-admin-status zv-admin-task-fallback"
                    data-testid={`${testId}-${language}-fallback`}
                  >
                    {t('form.usesEnglish')}
                  </span>
                )}
              </span>
            }
            aria-label={usesEnglish ? `${name} – ${t('form.usesEnglish')}` : name}
            aria-invalid={error ? true : undefined}
            status={error ? 'error' : 'default'}
            placeholder={english}
            maxLength={maxLength}
            rows={rows}
            value={drafts[language]}
            onChange={(event) => onChange({ ...drafts, [language]: event.target.value })}
            data-testid={`${testId}-${language}`}
          />
        );
      })}
    </>
  );
}

/**
 * An operator's text in English and its optional translations (the lockdown message, the launch
 * line): the English field, then one field per language falling back to it. Test ids: `testId`
 * for the English field, `testId-fr`… for the translations.
 */
export function OperatorTextWithTranslations({
  label,
  placeholder,
  english,
  onEnglishChange,
  drafts,
  onDraftsChange,
  maxLength,
  rows = 2,
  testId,
}: {
  label: string;
  placeholder: string;
  english: string;
  onEnglishChange: (next: string) => void;
  drafts: TranslationDrafts;
  onDraftsChange: (next: TranslationDrafts) => void;
  maxLength: number;
  rows?: number;
  testId: string;
}) {
  return (
    <>
      <Textarea
        header={label}
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={rows}
        value={english}
        onChange={(event) => onEnglishChange(event.target.value)}
        data-testid={testId}
      />
      <OperatorTextsFields
        label={label}
        english={english}
        drafts={drafts}
        onChange={onDraftsChange}
        maxLength={maxLength}
        rows={rows}
        testId={testId}
      />
    </>
  );
}
