import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Section, Select, Text } from '@telegram-apps/telegram-ui';
import { TASK_KINDS, type AdminTask, type TaskKind } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useAdminTasks, useTaskAction } from '../api/tasks';
import { useAdminTasksTranslation } from '../tasks-i18n';
import {
  draftFromTask,
  draftWarnings,
  emptyDraft,
  requestFromDraft,
  validateDraft,
  type DraftWarning,
  type TaskDraft,
} from '../utils/task-draft';
import { FieldError, TaskKindFields } from './task-kind-fields';
import { TaskSaveWarnings } from './task-save-warnings';
import { TaskTextsFields } from './task-texts-fields';
import { useErrorText } from '../utils/use-error-text';

/** Create a task, or edit one (retired ones too): kind, what the kind needs, texts, rewards. */
export function TaskEditor({ task, onDone }: { task: AdminTask | null; onDone: () => void }) {
  const errorText = useErrorText();
  const { t } = useAdminTasksTranslation();
  const [draft, setDraft] = useState<TaskDraft>(() => (task ? draftFromTask(task) : emptyDraft()));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const action = useTaskAction();
  // The catalogue the panel already loaded: a duplicate title is checked against it.
  const tasks = useAdminTasks();
  const [warnings, setWarnings] = useState<DraftWarning[] | null>(null);
  // Errors show once the admin has tried to save, then follow every keystroke.
  const errors = isSubmitted ? validateDraft(draft) : {};
  const onChange = (patch: Partial<TaskDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(validateDraft(draft)).length > 0) return;
    const found = draftWarnings(draft, tasks.data ?? [], task?.id ?? null);
    if (found.length > 0) setWarnings(found);
    else save();
  };

  const save = () => {
    const body = requestFromDraft(draft);
    action.mutate(task ? { kind: 'update', id: task.id, patch: body } : { kind: 'create', input: body }, {
      onSuccess: onDone,
    });
  };

  const number = (key: 'zpReward' | 'sebReward' | 'sortOrder', field: string, label: string) => (
    <>
      <Input
        header={label}
        aria-label={label}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `admin-task-error-${field}` : undefined}
        status={errors[field] ? 'error' : undefined}
        type="number"
        inputMode={key === 'sortOrder' ? 'numeric' : 'decimal'}
        value={draft[key]}
        onChange={(event) => onChange({ [key]: event.target.value })}
        data-testid={`admin-task-${field}`}
      />
      <FieldError error={errors[field]} id={`admin-task-error-${field}`} />
    </>
  );

  return (
    <form className="zv-admin-list zv-admin-task-form" onSubmit={submit} noValidate data-testid="admin-task-editor">
      <Text weight="2" Component="h2" className="zv-admin-task-heading">
        {task ? t('form.editTitle') : t('form.createTitle')}
      </Text>
      <Section header={t('form.kind')} footer={t(`form.kindHints.${draft.kind}`)}>
        <Select
          header={t('form.kind')}
          aria-label={t('form.kind')}
          value={draft.kind}
          onChange={(event) => onChange({ kind: event.target.value as TaskKind })}
          data-testid="admin-task-kind"
        >
          {TASK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </Section>
      <TaskKindFields draft={draft} errors={errors} onChange={onChange} />
      <div className="zv-admin-task-intro">
        <Text weight="2">{t('form.texts')}</Text>
        <Caption level="1" className="zv-muted">
          {t('form.textsHint')}
        </Caption>
      </div>
      <TaskTextsFields draft={draft} errors={errors} onChange={onChange} />
      <Section header={t('form.rewards')}>
        <div className="zv-admin-card__amounts">
          <div>{number('zpReward', 'zp_reward', t('form.zp'))}</div>
          <div>{number('sebReward', 'seb_reward', t('form.seb'))}</div>
        </div>
        {number('sortOrder', 'sort_order', t('form.sortOrder'))}
      </Section>
      {Object.keys(errors).length > 0 && (
        <Notice tone="error" testId="admin-task-invalid">
          {t('errors.fix')}
        </Notice>
      )}
      {action.isError && (
        <Notice tone="error" testId="admin-task-failed">
          {t('errors.failed', { message: errorText(action.error) })}
        </Notice>
      )}
      <div className="zv-admin-task-actions">
        <Button type="submit" size="m" stretched loading={action.isPending} data-testid="admin-task-save">
          {task ? t('form.save') : t('form.create')}
        </Button>
        <Button type="button" size="m" mode="gray" stretched onClick={onDone} data-testid="admin-task-cancel">
          {t('form.cancel')}
        </Button>
      </div>
      <TaskSaveWarnings
        warnings={warnings}
        isSaving={action.isPending}
        error={action.isError ? t('errors.failed', { message: errorText(action.error) }) : null}
        onSave={save}
        onCancel={() => {
          setWarnings(null);
          action.reset();
        }}
      />
      {task && (
        <Caption level="1" className="zv-muted">
          {task.slug}
        </Caption>
      )}
    </form>
  );
}
