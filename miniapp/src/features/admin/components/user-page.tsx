import { Button, Caption, Section, Text } from '@telegram-apps/telegram-ui';
import { useTransactionText } from '@/components/transactions/transaction-row';
import { formatAmount, formatDateTime } from '@/lib/format';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useAdminUser } from '../api/users';
import { useAdminTranslation } from '../i18n';
import { AccountRisk } from './account-risk';
import { MessageUserForm } from './message-user-form';
import { UserActions } from './user-actions';
import { UserWallet } from './user-wallet';
import { useErrorText } from '../utils/use-error-text';

/** One user's page: account, balances, role, suspension, adjustment, ledger, referrals, sessions. */
export function UserPage({
  userId,
  onClose,
  onOpenUser,
}: {
  userId: string;
  onClose: () => void;
  onOpenUser: (userId: string) => void;
}) {
  const errorText = useErrorText();
  const { t, i18n } = useAdminTranslation();
  const transactionTitle = useTransactionText();
  const page = useAdminUser(userId);
  if (page.isPending) return <InlineLoader />;
  if (page.isError)
    return (
      <Notice tone="error" testId="admin-user-error">
        {errorText(page.error)}
      </Notice>
    );
  const { user, transactions, referrals, sessions, risk } = page.data;
  const referrer = user.referred_by;
  const date = (iso: string) => formatDateTime(iso, i18n.language);
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
      <Caption level="1" className="zv-muted" data-testid="admin-user-seen">
        {t('users.list.joined', { date: date(user.created_at) })} ·{' '}
        {user.last_seen_at ? t('users.list.lastSeen', { date: date(user.last_seen_at) }) : t('users.list.neverSeen')}
        {referrer && (
          <>
            {' · '}
            {t('users.list.referredByUser')}{' '}
            <button
              type="button"
              className="zv-admin-link"
              onClick={() => onOpenUser(referrer.id)}
              data-testid="admin-user-referrer-link"
            >
              {referrer.username}
            </button>
          </>
        )}
      </Caption>
      {user.suspended_at && user.suspension_reason && (
        <Notice tone="info" testId="admin-user-suspension-reason">
          {t('users.suspensionReason', { reason: user.suspension_reason })}
        </Notice>
      )}
      <Text data-testid="admin-user-balances">
        {t('users.balances')}: {formatAmount(user.zp_balance, i18n.language)} ZP ·{' '}
        {formatAmount(user.seb_balance, i18n.language)} SEB
      </Text>
      <AccountRisk userId={user.id} risk={risk} />
      <UserWallet page={page.data} />
      <UserActions user={user} />
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
              <button
                type="button"
                className="zv-admin-link"
                onClick={() => onOpenUser(r.id)}
                data-testid="admin-user-referral-link"
              >
                {r.username}
              </button>
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
