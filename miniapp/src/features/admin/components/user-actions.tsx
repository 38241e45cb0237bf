import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Select, Textarea } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_REASON_MAX,
  CURRENCIES,
  ROLES,
  SUSPENSION_REASON_MAX,
  type AdminUserDetailResponse,
  type Currency,
  type Role,
} from '@ziver/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { formatAmount, formatSignedAmount } from '@/lib/format';
import { useServerMessage } from '@/i18n/server-message';
import { useUserAction, type UserAction } from '../api/users';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';

type User = AdminUserDetailResponse['user'];

/**
 * The deliberate actions on one user: role, suspend / reactivate and a balance adjustment. Each
 * only prepares the step; a dialog says exactly what will happen and nothing is sent until the
 * operator confirms it. A suspension's reason is typed in that dialog (required).
 */
export function UserActions({ user }: { user: User }) {
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const { t, i18n } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const action = useUserAction(user.id);
  const [asking, setAsking] = useState<UserAction['kind'] | null>(null);
  const [role, setRole] = useState<Role | null>(null);
  const [currency, setCurrency] = useState<Currency>('ZP');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [suspensionReason, setSuspensionReason] = useState('');
  const roleName = (r: Role) => tApp(`settings.account.info.roles.${r}`);
  const newRole = role ?? user.role;
  const adjustment = { currency, amount: Number(amount), reason: reason.trim() };
  const isAdjustmentValid = amount.trim() !== '' && Number.isFinite(adjustment.amount) && adjustment.amount !== 0;

  const pending: UserAction | null =
    asking === 'role'
      ? { kind: 'role', role: newRole }
      : asking === 'suspend'
        ? { kind: 'suspend', reason: suspensionReason.trim() }
        : asking === 'reactivate'
          ? { kind: 'reactivate' }
          : asking === 'adjust'
            ? { kind: 'adjust', adjustment }
            : null;

  const confirm = () => {
    if (!pending) return;
    action.mutate(pending, {
      onSuccess: () => {
        if (pending.kind === 'adjust') {
          setAmount('');
          setReason('');
        }
        if (pending.kind === 'suspend') setSuspensionReason('');
        if (pending.kind === 'role') setRole(null);
      },
      onSettled: () => setAsking(null),
    });
  };
  const onAdjust = (event: FormEvent) => {
    event.preventDefault();
    if (isAdjustmentValid && adjustment.reason !== '') setAsking('adjust');
  };

  const balance = currency === 'ZP' ? user.zp_balance : user.seb_balance;
  const dialog = {
    role: {
      title: t('confirm.roleTitle'),
      text: t('confirm.role', { username: user.username, from: roleName(user.role), to: roleName(newRole) }),
      label: t('users.saveRole'),
    },
    suspend: {
      title: t('confirm.suspendTitle', { username: user.username }),
      text: t('confirm.suspend', { username: user.username }),
      label: t('users.suspend'),
    },
    reactivate: {
      title: t('confirm.reactivateTitle', { username: user.username }),
      text: t('confirm.reactivate', { username: user.username }),
      label: t('users.reactivate'),
    },
    adjust: {
      title: t('confirm.adjustTitle'),
      text: `${t(adjustment.amount > 0 ? 'confirm.credit' : 'confirm.debit', {
        username: user.username,
        // "Give bob +15 ZP" / "Take 20 ZP from bob": the verb carries a debit's sign.
        amount:
          adjustment.amount > 0
            ? formatSignedAmount(adjustment.amount, i18n.language)
            : formatAmount(Math.abs(adjustment.amount), i18n.language),
        currency,
        reason: adjustment.reason,
      })} ${t('confirm.balanceAfter', {
        currency,
        balance: formatAmount(balance + adjustment.amount, i18n.language),
      })}`,
      label: t('users.adjust'),
    },
  };
  const shown = asking ? dialog[asking] : null;

  return (
    <>
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
          value={newRole}
          onChange={(event) => setRole(event.target.value as Role)}
          data-testid="admin-user-role"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </Select>
        <Button
          size="m"
          mode="bezeled"
          stretched
          disabled={newRole === user.role}
          onClick={() => setAsking('role')}
          data-testid="admin-user-role-save"
        >
          {t('users.saveRole')}
        </Button>
        <Button
          size="m"
          mode={user.suspended_at ? 'filled' : 'gray'}
          stretched
          onClick={() => setAsking(user.suspended_at ? 'reactivate' : 'suspend')}
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
          disabled={!isAdjustmentValid || reason.trim() === ''}
          data-testid="admin-adjust-submit"
        >
          {t('users.adjust')}
        </Button>
      </form>
      <ConfirmDialog
        isOpen={shown !== null}
        title={shown?.title ?? ''}
        confirmLabel={shown?.label ?? ''}
        cancelLabel={t('confirm.cancel')}
        tone={asking === 'suspend' || (asking === 'adjust' && adjustment.amount < 0) ? 'danger' : 'default'}
        isConfirming={action.isPending}
        isConfirmDisabled={asking === 'suspend' && suspensionReason.trim() === ''}
        error={null}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        testId="admin-user-confirm"
        fields={
          asking === 'suspend' && (
            <Textarea
              header={t('confirm.suspendReason')}
              aria-label={t('confirm.suspendReason')}
              placeholder={t('confirm.suspendReasonHint')}
              maxLength={SUSPENSION_REASON_MAX}
              rows={3}
              value={suspensionReason}
              onChange={(event) => setSuspensionReason(event.target.value)}
              data-testid="admin-suspend-reason"
            />
          )
        }
      >
        <span data-testid="admin-user-confirm-text">{shown?.text}</span>
      </ConfirmDialog>
    </>
  );
}
