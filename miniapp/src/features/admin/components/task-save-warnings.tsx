import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAdminTasksTranslation } from '../tasks-i18n';
import type { DraftWarning } from '../utils/task-draft';

/**
 * The step between Save and the request when the task looks like a mistake (see `draftWarnings`):
 * each warning on its own line, then "Save anyway" or back to the form. Warnings never refuse.
 */
export function TaskSaveWarnings({
  warnings,
  isSaving,
  error,
  onSave,
  onCancel,
}: {
  warnings: DraftWarning[] | null;
  isSaving: boolean;
  error: string | null;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useAdminTasksTranslation();
  const text = (warning: DraftWarning) => {
    if (warning.key === 'warnings.duplicateTitle') return t(warning.key, { title: warning.title });
    if (warning.key === 'warnings.missingTranslations') {
      const names = warning.languages.map((language) => t(`form.languages.${language}`));
      return t(warning.key, { languages: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names) });
    }
    return t(warning.key);
  };
  return (
    <ConfirmDialog
      isOpen={warnings !== null}
      title={t('warnings.title')}
      confirmLabel={t('warnings.saveAnyway')}
      cancelLabel={t('warnings.keepEditing')}
      tone="default"
      isConfirming={isSaving}
      error={error}
      onConfirm={onSave}
      onCancel={onCancel}
      testId="admin-task-warnings"
    >
      {(warnings ?? []).map((warning) => (
        <span
          key={warning.key}
          className="zv-admin-task-warning"
          data-testid={`admin-task-warning-${warning.key.slice('warnings.'.length)}`}
        >
          {text(warning)}
        </span>
      ))}
    </ConfirmDialog>
  );
}
