import { TASK_TRANSLATION_LANGUAGES, type TaskTranslation, type TaskTranslations } from '@ziver/shared';

/**
 * What tasks.translations stores for an admin's input: only the fields given, and no language
 * that has none, so "uses English" has one representation (absent).
 */
export function storedTranslations(
  input: Partial<Record<string, Partial<TaskTranslation> | undefined>> | undefined,
): TaskTranslations {
  const stored: TaskTranslations = {};
  for (const language of TASK_TRANSLATION_LANGUAGES) {
    const { title, description } = input?.[language] ?? {};
    const fields = { ...(title ? { title } : {}), ...(description ? { description } : {}) };
    if (Object.keys(fields).length > 0) stored[language] = fields;
  }
  return stored;
}
