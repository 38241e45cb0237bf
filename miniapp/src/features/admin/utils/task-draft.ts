import {
  createTaskRequestSchema,
  LANGUAGES,
  MESSAGES,
  TASK_DESCRIPTION_MAX,
  TASK_RULE_TYPES,
  TASK_TITLE_MAX,
  TASK_TRANSLATION_LANGUAGES,
  taskShapeIssues,
  type AdminTask,
  type CreateTaskRequest,
  type Language,
  type TaskKind,
  type TaskRuleType,
  type TaskTranslationLanguage,
} from '@ziver/shared';

/** The editor's form state: every input as typed (strings), every language, every rule type. */
export type TaskDraft = {
  kind: TaskKind;
  linkUrl: string;
  channel: string;
  rules: Record<TaskRuleType, { isOn: boolean; value: string }>;
  zpReward: string;
  sebReward: string;
  sortOrder: string;
  texts: Record<Language, { title: string; description: string }>;
};

/** A field of the form that can carry an error: `title.es`, `rule.zp_balance`, `link_url`… */
export type DraftField = string;
/** Error text keys of the `admin-tasks` namespace, with their values. */
export type DraftError = { key: `errors.${string}`; max?: number };

const blankTexts = () =>
  Object.fromEntries(LANGUAGES.map((l) => [l, { title: '', description: '' }])) as TaskDraft['texts'];

export function emptyDraft(): TaskDraft {
  return {
    kind: 'rule',
    linkUrl: '',
    channel: '',
    rules: Object.fromEntries(TASK_RULE_TYPES.map((r) => [r, { isOn: false, value: '' }])) as TaskDraft['rules'],
    zpReward: '0',
    sebReward: '0',
    sortOrder: '0',
    texts: blankTexts(),
  };
}

export function draftFromTask(task: AdminTask): TaskDraft {
  const draft = emptyDraft();
  for (const rule of task.rules) {
    if ((TASK_RULE_TYPES as readonly string[]).includes(rule.rule_type))
      draft.rules[rule.rule_type as TaskRuleType] = { isOn: true, value: String(rule.expectedValue) };
  }
  draft.texts.en = { title: task.title, description: task.description };
  for (const language of TASK_TRANSLATION_LANGUAGES) {
    const text = task.translations[language];
    draft.texts[language] = { title: text.title ?? '', description: text.description ?? '' };
  }
  return {
    ...draft,
    kind: task.kind,
    linkUrl: task.link_url ?? '',
    channel: task.channel ?? '',
    zpReward: String(task.zp_reward),
    sebReward: String(task.seb_reward),
    sortOrder: String(task.sort_order),
  };
}

/** An empty input is not a number (so "required" shows), anything else is read as typed. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * The request body (create, or the whole task for an edit). Only what the kind needs is sent:
 * a link task carries no rules or channel, a channel task may keep an optional link, a
 * home-screen task carries none of them.
 */
export function requestFromDraft(draft: TaskDraft): CreateTaskRequest {
  const link = draft.linkUrl.trim();
  return {
    title: draft.texts.en.title,
    description: draft.texts.en.description,
    kind: draft.kind,
    link_url: draft.kind === 'link' || (draft.kind === 'channel' && link !== '') ? link : null,
    channel: draft.kind === 'channel' ? draft.channel.trim() : null,
    rules:
      draft.kind === 'rule'
        ? TASK_RULE_TYPES.filter((r) => draft.rules[r].isOn).map((r) => ({
            rule_type: r,
            expectedValue: numberOf(draft.rules[r].value),
          }))
        : [],
    zp_reward: numberOf(draft.zpReward),
    seb_reward: numberOf(draft.sebReward),
    sort_order: numberOf(draft.sortOrder),
    translations: Object.fromEntries(TASK_TRANSLATION_LANGUAGES.map((l) => [l, draft.texts[l]])),
  };
}

function errorFor(field: string, code: string, message: string): DraftError {
  if (message === MESSAGES.unsafeText) return { key: 'errors.unsafe' };
  const isTitle = field.startsWith('title.');
  if (isTitle || field.startsWith('description.')) {
    if (code === 'too_big') return { key: 'errors.tooLong', max: isTitle ? TASK_TITLE_MAX : TASK_DESCRIPTION_MAX };
    if (field === 'title.en') return { key: 'errors.titleRequired' };
    if (field === 'description.en') return { key: 'errors.descriptionRequired' };
  }
  if (field === 'link_url') return { key: 'errors.linkUrl' };
  if (field === 'channel') return { key: 'errors.channel' };
  if (field === 'rules') return { key: 'errors.ruleNeeded' };
  if (field.startsWith('rule.')) return { key: 'errors.ruleValue' };
  if (field === 'zp_reward' || field === 'seb_reward') return { key: 'errors.reward' };
  if (field === 'sort_order') return { key: 'errors.sortOrder' };
  return { key: 'errors.invalid' };
}

/** The form field an issue of the shared schema belongs to. */
function fieldOf(path: readonly PropertyKey[], body: CreateTaskRequest): DraftField {
  const [head, second, third] = path.map(String);
  if (head === 'title' || head === 'description') return `${head}.en`;
  if (head === 'translations' && second && third) return `${third}.${second}`;
  if (head === 'rules' && second !== undefined) return `rule.${body.rules[Number(second)]?.rule_type ?? ''}`;
  return head ?? '';
}

const SHAPE_FIELDS: Record<string, DraftField> = {
  'A rule task needs at least one rule': 'rules',
  'A link task needs a link_url': 'link_url',
  'A channel task needs a channel': 'channel',
};

/**
 * Checks the form with the shared schema (the server runs the same one) and the kind's needs;
 * answers one translated error per field, empty when the task can be sent.
 */
export function validateDraft(draft: TaskDraft): Record<DraftField, DraftError> {
  const body = requestFromDraft(draft);
  const errors: Record<DraftField, DraftError> = {};
  const add = (field: DraftField, code: string, message: string) => {
    errors[field] ??= errorFor(field, code, message);
  };
  const parsed = createTaskRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const shapeField = issue.path.length === 0 ? SHAPE_FIELDS[issue.message] : undefined;
      add(shapeField ?? fieldOf(issue.path, body), issue.code, issue.message);
    }
  }
  // The schema checks the whole task only once every field parses; say what the kind needs at once.
  for (const issue of taskShapeIssues(body)) {
    const field = SHAPE_FIELDS[issue];
    if (field) add(field, 'custom', issue);
  }
  return errors;
}

/**
 * What the operator may have done by mistake; the editor asks before saving such a task, and
 * saves it if asked again (each can be deliberate: a SEB-only task, a seasonal repeat, English first).
 */
export type DraftWarning =
  | { key: 'warnings.zeroReward' }
  | { key: 'warnings.duplicateTitle'; title: string }
  | { key: 'warnings.missingTranslations'; languages: TaskTranslationLanguage[] };

/** How titles are compared: "Read the guide" and " read the GUIDE " are the same title. */
const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The warnings for a draft that passes `validateDraft`. A duplicate title is one of another
 * *active* task: users only ever see active tasks side by side, and re-creating a retired task
 * afresh is a normal way to run it again. A translation is missing when its title or its
 * description is blank (that part shows the English text).
 */
export function draftWarnings(
  draft: TaskDraft,
  tasks: readonly Pick<AdminTask, 'id' | 'title' | 'retired_at'>[],
  editingId: string | null,
): DraftWarning[] {
  const warnings: DraftWarning[] = [];
  if (numberOf(draft.zpReward) === 0) warnings.push({ key: 'warnings.zeroReward' });
  const title = draft.texts.en.title;
  const twin = tasks.find(
    (task) => task.id !== editingId && task.retired_at === null && title.trim() !== '' && sameTitle(task.title, title),
  );
  if (twin) warnings.push({ key: 'warnings.duplicateTitle', title: twin.title });
  const missing = TASK_TRANSLATION_LANGUAGES.filter(
    (language) => draft.texts[language].title.trim() === '' || draft.texts[language].description.trim() === '',
  );
  if (missing.length > 0) warnings.push({ key: 'warnings.missingTranslations', languages: missing });
  return warnings;
}
