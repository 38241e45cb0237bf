import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Section, Select, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_REASON_MAX, CURRENCIES, ROLES, type Currency, type Role } from '@ziver/shared';
import { useTransactionText } from '@/components/transactions/transaction-row';
import { formatAmount, formatDateTime } from '@/lib/format';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useAdminUser, useUserAction } from '../api/users';
import { useAdminTranslation } from '../i18n';
import { MessageUserForm } from './message-user-form';
import { useServerMessage } from '@/i18n/server-message';
import { useErrorText } from '../utils/use-error-text';

/** One user's page: account, balances, role, suspension, adjustment, ledger, referrals, sessions. */
export function UserPage({ userId, onClose }: { userId: string; onClose: () => void }) {
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const transactionTitle = useTransactionText();
  const page = useAdminUser(userId);
  const action = useUserAction(userId);
  const [role, setRole] = useState<Role | null>(null);
  const [currency, setCurrency] = useState<Currency>('ZP');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (page.isPending) return <InlineLoader />;
  if (page.isError)
    return (
      <Notice tone="error" testId="admin-user-error">
        {errorText(page.error)}
      </Notice>
    );
  const { user, transactions, referrals, sessions } = page.data;
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const onAdjust = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      { kind: 'adjust', adjustment: { currency, amount: Number(amount), reason: reason.trim() } },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  };
  return (
    <div className="zv-admin-card" data-testid="admin-user-page">
      <div className="zv-admin-card__head">
        <Text weight="2">{user.username}</Text>
        <Button size="s" mode="plain" onClick={onClose}>
          {t('users.close')}
        </Button>
      </div>
      <Caption level="1" className="zv-muted">
        {[user.email, user.telegram_username && `${t('users.telegram')} @${user.telegram_username}`, user.telegram_id]
          .filter(Boolean)
          .join(' · ')}
      </Caption>
      <Caption level="1" data-testid="admin-user-state">
        {user.suspended_at ? t('users.suspendedSince', { date: date(user.suspended_at) }) : t('users.active')} ·{' '}
        {t('users.twoFactor')}: {user.two_factor_enabled ? t('users.twoFactorOn') : t('users.twoFactorOff')}
      </Caption>
      <Text data-testid="admin-user-balances">
        {t('users.balances')}: {formatAmount(user.zp_balance, i18n.language)} ZP ·{' '}
        {formatAmount(user.seb_balance, i18n.language)} SEB
      </Text>
      {action.isError && (
        <Notice tone="error" testId="admin-user-action-error">
          {t('inbox.failed', { message: errorText(action.error) })}
        </Notice>
      )}
      {action.isSuccess && action.data.message && (
        <Caption level="1" className="zv-admin-card__ok" data-testid="admin-user-action-ok">
          {serverText(action.data)}
        </Caption>
      )}
      <div className="zv-admin-card__form">
        <Select
          header={t('users.roleLabel')}
          value={role ?? user.role}
          onChange={(event) => setRole(event.target.value as Role)}
          data-testid="admin-user-role"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {tApp(`settings.account.info.roles.${r}`)}
            </option>
          ))}
        </Select>
        <Button
          size="m"
          mode="bezeled"
          stretched
          disabled={(role ?? user.role) === user.role}
          loading={action.isPending && action.variables?.kind === 'role'}
          onClick={() => role && action.mutate({ kind: 'role', role })}
          data-testid="admin-user-role-save"
        >
          {t('users.saveRole')}
        </Button>
        <Button
          size="m"
          mode={user.suspended_at ? 'filled' : 'gray'}
          stretched
          loading={
            action.isPending && (action.variables?.kind === 'suspend' || action.variables?.kind === 'reactivate')
          }
          onClick={() => action.mutate({ kind: user.suspended_at ? 'reactivate' : 'suspend' })}
          data-testid="admin-user-suspend"
        >
          {user.suspended_at ? t('users.reactivate') : t('users.suspend')}
        </Button>
      </div>
      <form className="zv-admin-card__form" onSubmit={onAdjust} noValidate>
        <Caption level="1" weight="2">
          {t('users.adjustTitle')}
        </Caption>
        <Select
          header={t('users.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as Currency)}
          data-testid="admin-adjust-currency"
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Input
          header={t('users.amount')}
          aria-label={t('users.amount')}
          type="number"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="admin-adjust-amount"
        />
        <Input
          header={t('users.reason')}
          aria-label={t('users.reason')}
          maxLength={ADJUSTMENT_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="admin-adjust-reason"
        />
        <Button
          type="submit"
          size="m"
          stretched
          disabled={amount.trim() === '' || Number(amount) === 0 || reason.trim() === ''}
          loading={action.isPending && action.variables?.kind === 'adjust'}
          data-testid="admin-adjust-submit"
        >
          {t('users.adjust')}
        </Button>
      </form>
      <MessageUserForm userId={user.id} hasTelegram={user.telegram_id !== null} />
      <Section header={t('users.ledger')}>
        <ul className="zv-admin-rows" data-testid="admin-user-ledger">
          {transactions.length === 0 && <li className="zv-muted">{t('users.none')}</li>}
          {transactions.map((tx) => (
            <li key={tx.id}>
              <span>{[transactionTitle(tx).title, transactionTitle(tx).line].filter(Boolean).join(' · ')}</span>
              <span className={tx.amount < 0 ? 'zv-admin-neg' : 'zv-admin-pos'}>
                {tx.amount > 0 ? '+' : ''}
                {formatAmount(tx.amount, i18n.language)} {tx.currency}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section header={t('users.referrals')}>
        <ul className="zv-admin-rows" data-testid="admin-user-referrals">
          {referrals.length === 0 && <li className="zv-muted">{t('users.none')}</li>}
          {referrals.map((r) => (
            <li key={r.id}>
              <span>{r.username}</span>
              <span className="zv-muted">{date(r.created_at)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section header={t('users.sessions')}>
        <ul className="zv-admin-rows" data-testid="admin-user-sessions">
          {sessions.length === 0 && <li className="zv-muted">{t('users.none')}</li>}
          {sessions.map((s) => (
            <li key={s.id}>
              <span>
                {t(`users.methods.${s.method as 'password'}`, { defaultValue: s.method })} · {date(s.created_at)}
              </span>
              <span className="zv-muted">{s.revoked_at ? t('users.revoked') : ''}</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
