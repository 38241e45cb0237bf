import { describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR_ID, type AdminAction, type AuditLogEntry } from '@ziver/shared';
import { i18n } from '@/i18n';
import '../i18n';
import { auditAbout, auditActorLabel, auditSummary } from './audit-summary';

const entry = (action: AdminAction, before: unknown, after: unknown): AuditLogEntry => ({
  id: 1,
  admin: { id: 'a', username: 'alice' },
  action,
  target_type: 'user',
  target_id: 'b',
  target_user: { id: 'b', username: 'bob' },
  before,
  after,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('auditSummary (one line per audit entry)', () => {
  const en = i18n.getFixedT('en', 'admin');
  const de = i18n.getFixedT('de', 'admin');

  it.each([
    [entry('user.role', { role: 'USER' }, { role: 'TESTER' }), 'role USER → TESTER'],
    [entry('user.adjust', { balance: 0 }, { currency: 'ZP', amount: 500, reason: 'Welcome' }), '+500 ZP: Welcome'],
    [entry('user.adjust', {}, { currency: 'SEB', amount: -2.5, reason: 'Duplicate' }), '-2.5 SEB: Duplicate'],
    [entry('user.suspend', {}, { suspended: true, reason: 'Spam', revokedSessions: 1 }), 'reason: Spam'],
    [entry('feedback.update', { status: 'new' }, { status: 'resolved' }), 'status new → resolved'],
    [entry('feedback.reward', {}, { zp: 25, seb: 1.5 }), '+25 ZP · +1.5 SEB'],
    [entry('system.lockdown', {}, { enabled: true }), 'lockdown on'],
    [entry('system.daily_login', { zp: 5, seb: 1 }, { zp: 9, seb: 1 }), 'zp 5 → 9'],
    [entry('announcement.send', null, { recipients: 12 }), 'recipients: 12'],
    [entry('user.reactivate', {}, { suspended: false }), null],
    [entry('task.create', null, { title: 'Follow us on X', reward_zp: 10 }), 'Follow us on X'],
    [entry('users.export', null, { rows: 42, filter: {} }), 'rows: 42'],
    [entry('wallets.export', null, { rows: 3 }), 'rows: 3'],
  ])('%#: %j', (value, expected) => {
    expect(auditSummary(value, en, 'en')).toBe(expected);
  });

  it('is in the reader’s language', () => {
    expect(auditSummary(entry('user.role', { role: 'USER' }, { role: 'ADMIN' }), de, 'de')).toBe('Rolle USER → ADMIN');
    expect(auditSummary(entry('user.adjust', {}, { currency: 'ZP', amount: 1500, reason: 'x' }), de, 'de')).toBe(
      '+1.500 ZP: x',
    );
  });

  it('gives no line, and no error, for a shape it does not know', () => {
    for (const odd of [null, 'text', 42, [], { role: 7 }, { amount: '500', currency: 'ZP' }]) {
      expect(auditSummary(entry('user.role', odd, odd), en, 'en')).toBeNull();
      expect(auditSummary(entry('user.adjust', odd, odd), en, 'en')).toBeNull();
      expect(auditSummary(entry('feedback.reward', odd, odd), en, 'en')).toBeNull();
    }
  });

  const about = (target_type: string, target_id: string | null, after: unknown = null): AuditLogEntry => ({
    ...entry('system.mining', null, after),
    target_type,
    target_id,
    target_user: null,
  });

  it('says what an entry was about in the reader’s language, a task by its title', () => {
    const zh = i18n.getFixedT('zh', 'admin');
    expect(auditAbout(about('setting', 'mining'), en)).toBe('Setting');
    expect(auditAbout(about('setting', 'lockdown'), de)).toBe('Einstellung');
    expect(auditAbout(about('announcement', 'x'), zh)).toBe('公告');
    expect(auditAbout(about('export', null), en)).toBe('Export');
    expect(auditAbout(about('task', 't1', { title: 'Join the channel' }), de)).toBe('Aufgabe: Join the channel');
    expect(auditAbout(about('setting', null), en)).toBeNull();
    for (const language of ['en', 'es', 'fr', 'de', 'zh']) {
      const t = i18n.getFixedT(language, 'admin');
      for (const type of ['setting', 'task', 'announcement', 'feedback', 'user', 'export'])
        expect([language, auditAbout(about(type, 'x'), t)]).not.toEqual([language, type]);
    }
    expect(auditAbout(entry('user.role', {}, {}), en)).toBe('bob');
  });

  it('names the command line as the actor of make-admin’s entries', () => {
    const cli = {
      ...entry('user.role', { role: 'USER' }, { role: 'ADMIN' }),
      admin: { id: COMMAND_LINE_ACTOR_ID, username: null },
    };
    expect(auditActorLabel(cli, en)).toBe('command line');
    expect(auditActorLabel(cli, de)).toBe('Kommandozeile');
    expect(auditActorLabel(entry('user.role', {}, {}), en)).toBeNull();
  });
});
