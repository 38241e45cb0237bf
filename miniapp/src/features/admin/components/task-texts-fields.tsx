import { Input, Section, Textarea } from '@telegram-apps/telegram-ui';
import { LANGUAGES, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, type Language } from '@ziver/shared';
import { useAdminTasksTranslation } from '../tasks-i18n';
import { FieldError, type FieldProps } from './task-kind-fields';

function LanguageTexts({ language, draft, errors, onChange }: FieldProps & { language: Language }) {
  const { t } = useAdminTasksTranslation();
  const text = draft.texts[language];
  const english = draft.texts.en;
  const isEnglish = language === 'en';
  const name = t(`form.languages.${language}`);
  const set = (next: Partial<typeof text>) => onChange({ texts: { ...draft.texts, [language]: { ...text, ...next } } });
  const field = (kind: 'title' | 'description') => {
    const error = errors[`${kind}.${language}`];
    const usesEnglish = !isEnglish && text[kind].trim() === '';
    const label = `${t(`form.${kind}`)} (${name})`;
    const errorId = `admin-task-error-${kind}-${language}`;
    const props = {
      header: (
        <span className="zv-admin-task-label">
          {label}
          {usesEnglish && (
            <span
              className="zv-admin-status zv-admin-task-fallback"
              data-testid={`admin-task-${kind}-${language}-fallback`}
            >
              {t('form.usesEnglish')}
            </span>
          )}
        </span>
      ),
      'aria-label': usesEnglish ? `${label} – ${t('form.usesEnglish')}` : label,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      status: error ? ('error' as const) : ('default' as const),
      // An empty translation shows the English text it falls back to.
      placeholder: isEnglish ? undefined : english[kind],
      value: text[kind],
      'data-testid': `admin-task-${kind}-${language}`,
    };
    return (
      <>
        {kind === 'title' ? (
          <Input {...props} maxLength={TASK_TITLE_MAX} onChange={(event) => set({ title: event.target.value })} />
        ) : (
          <Textarea
            {...props}
            rows={2}
            maxLength={TASK_DESCRIPTION_MAX}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
        <FieldError error={error} id={errorId} />
      </>
    );
  };
  return (
    <Section header={name} data-testid={`admin-task-texts-${language}`}>
      {field('title')}
      {field('description')}
    </Section>
  );
}

/** English (required) and the four translations, each marked "uses English" while empty. */
export function TaskTextsFields(props: FieldProps) {
  return (
    <div className="zv-admin-task-texts">
      {LANGUAGES.map((language) => (
        <LanguageTexts key={language} language={language} {...props} />
      ))}
    </div>
  );
}
