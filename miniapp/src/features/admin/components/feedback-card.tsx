import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Select, Text, Textarea } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_REPLY_MAX,
  FEEDBACK_REWARD_MAX,
  FEEDBACK_STATUSES,
  type AdminFeedback,
  type FeedbackStatus,
} from '@ziver/shared';
import { formatAmount, formatDateTime, formatSignedAmount } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { useRewardFeedback } from '../api/reward-feedback';
import { useUpdateFeedbackStatus } from '../api/update-feedback-status';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';

/** One feedback in the inbox: what was sent (its author's name opens their page), its images, the status/reply form and the reward. */
export function FeedbackCard({ item, onOpenUser }: { item: AdminFeedback; onOpenUser: (userId: string) => void }) {
  const { t } = useAdminTranslation();
  const { t: tApp, i18n } = useTranslation();
  const date = formatDateTime(item.created_at, i18n.language);
  return (
    <li className="zv-admin-card" data-testid="admin-feedback-item" data-feedback-id={item.id}>
      <div className="zv-admin-card__head">
        <Text weight="2" className="zv-admin-card__title">
          {item.title}
        </Text>
        <span className={`zv-admin-status zv-admin-status--${item.status}`} data-testid="admin-feedback-status">
          {tApp(`feedback.history.statuses.${item.status}`)}
        </span>
      </div>
      <Caption level="1" className="zv-muted">
        {tApp(`feedback.form.types.${item.type}`)} · {tApp(`feedback.form.priorities.${item.priority}`)} ·{' '}
        <AuthorLine item={item} date={date} onOpenUser={onOpenUser} />
      </Caption>
      <p className="zv-admin-card__message">{item.message}</p>
      {item.attachments.length > 0 && (
        <div className="zv-admin-card__images" data-testid="admin-feedback-images">
          {item.attachments.map((a, index) => (
            <a key={a.id} href={a.url} target="_blank" rel="noreferrer noopener">
              <img
                src={a.url}
                width={72}
                height={72}
                loading="lazy"
                alt={t('inbox.attachment', { index: index + 1, title: item.title })}
              />
            </a>
          ))}
        </div>
      )}
      <StatusForm item={item} />
      <RewardForm item={item} />
    </li>
  );
}

/** "From <author> · <date>" in the reader's language, the author's name a link to their page. */
function AuthorLine({
  item,
  date,
  onOpenUser,
}: {
  item: AdminFeedback;
  date: string | null;
  onOpenUser: (userId: string) => void;
}) {
  const { t } = useAdminTranslation();
  // The sentence is translated around a marker that the link then replaces (Trans would bring
  // its HTML parser into the first screen's i18n chunk).
  const MARK = '\u0001';
  const [before = '', after = ''] = t('inbox.from', { username: MARK, date }).split(MARK);
  return (
    <>
      {before}
      <button
        type="button"
        className="zv-admin-link"
        onClick={() => onOpenUser(item.user.id)}
        data-testid="admin-feedback-author-link"
      >
        {item.user.username}
      </button>
      {after}
    </>
  );
}

function StatusForm({ item }: { item: AdminFeedback }) {
  const errorText = useErrorText();
  const { t } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>(item.status);
  const [reply, setReply] = useState(item.admin_reply ?? '');
  const update = useUpdateFeedbackStatus();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: item.id, input: { status, reply: reply.trim() || null } });
  };
  return (
    <form className="zv-admin-card__form" onSubmit={onSubmit} noValidate>
      <Select
        header={t('inbox.statusLabel')}
        value={status}
        disabled={update.isPending}
        onChange={(event) => setStatus(event.target.value as FeedbackStatus)}
        data-testid="admin-status-select"
      >
        {FEEDBACK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {tApp(`feedback.history.statuses.${s}`)}
          </option>
        ))}
      </Select>
      <Textarea
        header={t('inbox.replyLabel')}
        aria-label={t('inbox.replyLabel')}
        placeholder={t('inbox.replyPlaceholder')}
        maxLength={ADMIN_REPLY_MAX}
        rows={3}
        value={reply}
        disabled={update.isPending}
        onChange={(event) => setReply(event.target.value)}
        data-testid="admin-reply"
      />
      <Button type="submit" size="m" stretched loading={update.isPending} data-testid="admin-status-save">
        {t('inbox.save')}
      </Button>
      {update.isSuccess && (
        <Caption level="1" className="zv-admin-card__ok" data-testid="admin-status-saved">
          {t('inbox.saved')}
        </Caption>
      )}
      {update.isError && (
        <Notice tone="error" testId="admin-status-error">
          {t('inbox.failed', { message: errorText(update.error) })}
        </Notice>
      )}
    </form>
  );
}

function RewardForm({ item }: { item: AdminFeedback }) {
  const errorText = useErrorText();
  const { t, i18n } = useAdminTranslation();
  const [zp, setZp] = useState('');
  const [seb, setSeb] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  const reward = useRewardFeedback();
  if (item.rewarded_at) {
    const amounts = [
      item.reward_zp ? `${formatAmount(item.reward_zp, i18n.language)} ZP` : null,
      item.reward_seb ? `${formatAmount(item.reward_seb, i18n.language)} SEB` : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <Caption level="1" weight="2" className="zv-admin-card__reward" data-testid="admin-rewarded">
        {t('inbox.rewarded', { amounts })}
      </Caption>
    );
  }
  const zpValue = Number(zp || 0);
  const sebValue = Number(seb || 0);
  const isValid =
    Number.isFinite(zpValue) && Number.isFinite(sebValue) && zpValue >= 0 && sebValue >= 0 && zpValue + sebValue > 0;
  // The button only asks: the dialog names the author and the amounts, and pays on Confirm.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid && !reward.isPending) setIsAsking(true);
  };
  const confirm = () => {
    if (reward.isPending) return;
    reward.mutate({ id: item.id, reward: { zp: zpValue, seb: sebValue } }, { onSettled: () => setIsAsking(false) });
  };
  const amounts = [
    zpValue > 0 ? `${formatSignedAmount(zpValue, i18n.language)} ZP` : null,
    sebValue > 0 ? `${formatSignedAmount(sebValue, i18n.language)} SEB` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <form className="zv-admin-card__form" onSubmit={onSubmit} noValidate>
      <Caption level="1" weight="2">
        {t('inbox.rewardTitle')}
      </Caption>
      <div className="zv-admin-card__amounts">
        <Input
          header={t('inbox.zpLabel')}
          aria-label={t('inbox.zpLabel')}
          type="number"
          inputMode="decimal"
          min={0}
          max={FEEDBACK_REWARD_MAX}
          value={zp}
          disabled={reward.isPending}
          onChange={(event) => setZp(event.target.value)}
          data-testid="admin-reward-zp"
        />
        <Input
          header={t('inbox.sebLabel')}
          aria-label={t('inbox.sebLabel')}
          type="number"
          inputMode="decimal"
          min={0}
          max={FEEDBACK_REWARD_MAX}
          value={seb}
          disabled={reward.isPending}
          onChange={(event) => setSeb(event.target.value)}
          data-testid="admin-reward-seb"
        />
      </div>
      <Caption level="1" className="zv-muted">
        {t('inbox.rewardHint')}
      </Caption>
      <Button type="submit" size="m" mode="bezeled" stretched disabled={!isValid} data-testid="admin-reward-send">
        {t('inbox.reward')}
      </Button>
      {reward.isError && (
        <Notice tone="error" testId="admin-reward-error">
          {t('inbox.failed', { message: errorText(reward.error) })}
        </Notice>
      )}
      <ConfirmDialog
        isOpen={isAsking}
        title={t('confirm.rewardTitle')}
        confirmLabel={t('inbox.reward')}
        cancelLabel={t('confirm.cancel')}
        tone="default"
        isConfirming={reward.isPending}
        error={null}
        onConfirm={confirm}
        onCancel={() => setIsAsking(false)}
        testId="admin-reward-confirm"
      >
        {t('confirm.reward', { username: item.user.username, amounts, title: item.title })}
      </ConfirmDialog>
    </form>
  );
}
