import { describe, expect, it } from 'vitest';
import { createTaskRequestSchema, type AdminTask } from '@ziver/shared';
import {
  draftFromTask,
  draftWarnings,
  emptyDraft,
  requestFromDraft,
  validateDraft,
  type TaskDraft,
} from './task-draft';

const filled = (patch: Partial<TaskDraft> = {}): TaskDraft => {
  const draft = emptyDraft();
  draft.texts.en = { title: 'Save 50 ZP', description: 'Hold 50 ZP.' };
  draft.rules.zp_balance = { isOn: true, value: '50' };
  return { ...draft, zpReward: '10', ...patch };
};

describe('task editor form', () => {
  it('says what an empty form lacks, per field, with the translated keys', () => {
    expect(validateDraft(emptyDraft())).toEqual({
      'title.en': { key: 'errors.titleRequired' },
      'description.en': { key: 'errors.descriptionRequired' },
      rules: { key: 'errors.ruleNeeded' },
    });
  });

  it('asks each kind only for what it needs', () => {
    expect(validateDraft(filled({ kind: 'link' }))).toEqual({ link_url: { key: 'errors.linkUrl' } });
    expect(validateDraft(filled({ kind: 'link', linkUrl: 'http://x.com' }))).toEqual({
      link_url: { key: 'errors.linkUrl' },
    });
    expect(validateDraft(filled({ kind: 'channel', channel: 'ziver' }))).toEqual({
      channel: { key: 'errors.channel' },
    });
    expect(validateDraft(filled({ kind: 'channel', channel: '@ziver_news' }))).toEqual({});
    // A home-screen task needs nothing but its texts and rewards, and sends no link, channel or
    // rules left over from another kind.
    const homeScreen = filled({ kind: 'home_screen', linkUrl: 'https://x.com', channel: '@ziver_news' });
    expect(validateDraft(homeScreen)).toEqual({});
    expect(requestFromDraft(homeScreen)).toMatchObject({
      kind: 'home_screen',
      link_url: null,
      channel: null,
      rules: [],
    });
    const badRule = filled();
    badRule.rules.zp_balance = { isOn: true, value: '' };
    expect(validateDraft(badRule)).toEqual({ 'rule.zp_balance': { key: 'errors.ruleValue' } });
    expect(validateDraft(filled({ zpReward: '-1', sortOrder: '1.5' }))).toEqual({
      zp_reward: { key: 'errors.reward' },
      sort_order: { key: 'errors.sortOrder' },
    });
  });

  it('flags an overlong translation and sends blank ones as "uses English"', () => {
    const draft = filled();
    draft.texts.de = { title: 'x'.repeat(101), description: '' };
    expect(validateDraft(draft)).toEqual({ 'title.de': { key: 'errors.tooLong', max: 100 } });
    const ok = filled();
    ok.texts.es = { title: 'Ahorra 50 ZP', description: '  ' };
    const parsed = createTaskRequestSchema.parse(requestFromDraft(ok));
    expect(parsed.translations).toEqual({
      es: { title: 'Ahorra 50 ZP', description: null },
      fr: { title: null, description: null },
      de: { title: null, description: null },
      zh: { title: null, description: null },
    });
    // A link task sends no rules even if some were switched on before the kind changed.
    expect(requestFromDraft(filled({ kind: 'link', linkUrl: 'https://x.com' })).rules).toEqual([]);
  });

  it('round-trips a task from the server', () => {
    const task: AdminTask = {
      id: 'id',
      slug: 'save-50',
      title: 'Save 50 ZP',
      description: 'Hold 50 ZP.',
      kind: 'rule',
      link_url: null,
      channel: null,
      rules: [{ rule_type: 'zp_balance', expectedValue: 50 }],
      zp_reward: 10,
      seb_reward: 0,
      sort_order: 0,
      translations: {
        es: { title: 'Ahorra 50 ZP', description: null },
        fr: { title: null, description: null },
        de: { title: null, description: null },
        zh: { title: null, description: '持有 50 ZP。' },
      },
      completions: 3,
      retired_at: null,
      created_at: new Date().toISOString(),
    };
    const body = requestFromDraft(draftFromTask(task));
    expect(body).toMatchObject({ title: 'Save 50 ZP', rules: [{ rule_type: 'zp_balance', expectedValue: 50 }] });
    expect(body.translations).toMatchObject({ es: { title: 'Ahorra 50 ZP' }, zh: { description: '持有 50 ZP。' } });
    expect(validateDraft(draftFromTask(task))).toEqual({});
  });
});

describe('task editor warnings', () => {
  const translated = (patch: Partial<TaskDraft> = {}): TaskDraft => {
    const draft = filled(patch);
    for (const language of ['es', 'fr', 'de', 'zh'] as const)
      draft.texts[language] = { title: `Title ${language}`, description: `Text ${language}` };
    return draft;
  };
  const catalogue = [
    { id: 'a', title: 'Save 50 ZP', retired_at: null },
    { id: 'b', title: 'Old promo', retired_at: '2026-01-01T00:00:00.000Z' },
  ];

  it('has nothing to say about a rewarded, unique, fully translated task', () => {
    expect(
      draftWarnings(
        translated({ texts: { ...translated().texts, en: { title: 'New', description: 'x' } } }),
        catalogue,
        null,
      ),
    ).toEqual([]);
  });

  it('warns on a 0 ZP reward (even with SEB), not on an empty or other amount', () => {
    const unique = (zpReward: string, sebReward = '0') => {
      const draft = translated({ zpReward, sebReward });
      draft.texts.en.title = 'Unique';
      return draftWarnings(draft, catalogue, null);
    };
    expect(unique('0')).toEqual([{ key: 'warnings.zeroReward' }]);
    expect(unique('0.00', '5')).toEqual([{ key: 'warnings.zeroReward' }]);
    expect(unique('1')).toEqual([]);
    expect(unique('')).toEqual([]);
  });

  it("warns on another active task's title, trimmed and case-insensitive", () => {
    const titled = (title: string) => {
      const draft = translated();
      draft.texts.en.title = title;
      return draft;
    };
    expect(draftWarnings(titled('  save 50 zp '), catalogue, null)).toEqual([
      { key: 'warnings.duplicateTitle', title: 'Save 50 ZP' },
    ]);
    // The task being edited is not its own twin; a retired task's title is free again.
    expect(draftWarnings(titled('Save 50 ZP'), catalogue, 'a')).toEqual([]);
    expect(draftWarnings(titled('OLD PROMO'), catalogue, null)).toEqual([]);
  });

  it('names each language whose title or description is blank', () => {
    const draft = translated();
    draft.texts.en.title = 'Unique';
    draft.texts.fr = { title: '', description: '' };
    draft.texts.zh = { title: '标题', description: '  ' };
    expect(draftWarnings(draft, catalogue, null)).toEqual([
      { key: 'warnings.missingTranslations', languages: ['fr', 'zh'] },
    ]);
    expect(draftWarnings(filled({ zpReward: '0' }), catalogue, null)).toEqual([
      { key: 'warnings.zeroReward' },
      { key: 'warnings.duplicateTitle', title: 'Save 50 ZP' },
      { key: 'warnings.missingTranslations', languages: ['es', 'fr', 'de', 'zh'] },
    ]);
  });
});
