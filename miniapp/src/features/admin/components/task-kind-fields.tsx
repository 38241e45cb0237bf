import { Caption, Cell, Input, Section, Switch } from '@telegram-apps/telegram-ui';
import { TASK_RULE_TYPES, type TaskRuleType } from '@ziver/shared';
import type { DraftError, TaskDraft } from '../utils/task-draft';
import { useAdminTasksTranslation } from '../tasks-i18n';

export type FieldProps = {
  draft: TaskDraft;
  errors: Record<string, DraftError>;
  onChange: (patch: Partial<TaskDraft>) => void;
};

/** A field's error under it, translated; `id` ties it to the input (aria-describedby). */
export function FieldError({ error, id }: { error: DraftError | undefined; id: string }) {
  const { t } = useAdminTasksTranslation();
  if (!error) return null;
  return (
    <Caption level="1" id={id} className="zv-admin-task-error" role="alert" data-testid={`${id}`}>
      {t(error.key as 'errors.invalid', { max: error.max })}
    </Caption>
  );
}

function RuleField({ type, draft, errors, onChange }: FieldProps & { type: TaskRuleType }) {
  const { t } = useAdminTasksTranslation();
  const rule = draft.rules[type];
  const error = errors[`rule.${type}`];
  const set = (next: Partial<typeof rule>) => onChange({ rules: { ...draft.rules, [type]: { ...rule, ...next } } });
  return (
    <div className="zv-admin-task-rule">
      <Cell
        Component="label"
        multiline
        after={
          <Switch
            checked={rule.isOn}
            onChange={(event) => set({ isOn: event.target.checked })}
            data-testid={`admin-task-rule-${type}`}
          />
        }
      >
        {t(`form.rules.${type}`)}
      </Cell>
      {rule.isOn && (
        <>
          <Input
            header={t(`form.ruleValues.${type}`)}
            aria-label={`${t(`form.rules.${type}`)}: ${t(`form.ruleValues.${type}`)}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `admin-task-error-rule-${type}` : undefined}
            status={error ? 'error' : undefined}
            type="number"
            inputMode="decimal"
            min={0}
            value={rule.value}
            onChange={(event) => set({ value: event.target.value })}
            data-testid={`admin-task-rule-${type}-value`}
          />
          <FieldError error={error} id={`admin-task-error-rule-${type}`} />
        </>
      )}
    </div>
  );
}

/**
 * What the kind needs, and only that: a link, a channel (plus an optional link), requirements,
 * or nothing (a home-screen task: the kind's hint above says how it completes).
 */
export function TaskKindFields({ draft, errors, onChange }: FieldProps) {
  const { t } = useAdminTasksTranslation();
  const linkError = errors.link_url;
  const channelError = errors.channel;
  const link = (label: string) => (
    <>
      <Input
        header={label}
        aria-label={label}
        aria-invalid={linkError ? true : undefined}
        aria-describedby={linkError ? 'admin-task-error-link' : undefined}
        status={linkError ? 'error' : undefined}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.linkUrl}
        onChange={(event) => onChange({ linkUrl: event.target.value })}
        data-testid="admin-task-link"
      />
      <FieldError error={linkError} id="admin-task-error-link" />
    </>
  );

  if (draft.kind === 'home_screen') return null;
  if (draft.kind === 'link') return <Section>{link(t('form.linkUrl'))}</Section>;
  if (draft.kind === 'channel')
    return (
      <Section>
        <Input
          header={t('form.channel')}
          aria-label={t('form.channel')}
          aria-invalid={channelError ? true : undefined}
          aria-describedby={channelError ? 'admin-task-error-channel' : undefined}
          status={channelError ? 'error' : undefined}
          placeholder="@channel"
          value={draft.channel}
          onChange={(event) => onChange({ channel: event.target.value })}
          data-testid="admin-task-channel"
        />
        <FieldError error={channelError} id="admin-task-error-channel" />
        {link(t('form.channelLink'))}
      </Section>
    );
  return (
    <Section header={t('form.requirements')} footer={t('form.requirementsHint')} data-testid="admin-task-rules">
      {TASK_RULE_TYPES.map((type) => (
        <RuleField key={type} type={type} draft={draft} errors={errors} onChange={onChange} />
      ))}
      <FieldError error={errors.rules} id="admin-task-error-rules" />
    </Section>
  );
}
