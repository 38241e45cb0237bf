import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@ziver/shared';
import { amountDisplay, isReversal, knownTypeOf, metadataParts, type MetadataPart } from './transaction-format';
import { TransactionIcon } from './transaction-icon';
import './transactions.css';

/** The translated label of a transaction type, e.g. "Mining reward" or "Referral bonus (reversed)". */
export function useTransactionLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => {
    const known = knownTypeOf(type);
    const label = t(`transactions.types.${known ?? 'other'}`);
    return isReversal(type) ? t('transactions.reversal', { label }) : label;
  };
}

/** The text of one metadata part, e.g. "Streak: 3 days" or "Task: Follow us". */
export function useMetadataText(): (part: MetadataPart) => string {
  const { t, i18n } = useTranslation();
  return (part) => {
    switch (part.kind) {
      case 'taskTitle':
        return t('transactions.meta.taskTitle', { value: part.value });
      case 'feedbackTitle':
        return t('transactions.meta.feedbackTitle', { value: part.value });
      case 'duration':
        return t('transactions.meta.duration', { value: new Intl.NumberFormat(i18n.language).format(part.value) });
      case 'sebPoints':
        return t('transactions.meta.sebPoints', { value: new Intl.NumberFormat(i18n.language).format(part.value) });
      case 'streak':
        return t('transactions.meta.streak', { count: part.value });
    }
  };
}

/** "Nov 21, 4:59 PM" this year, "Nov 21, 2024, 4:59 PM" before. */
export function formatWhen(at: Date, locale: string): string {
  const isThisYear = at.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(isThisYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/**
 * One ledger entry: type icon and label, description, metadata (task title, streak...), date,
 * and the amount with + or - in its colour. Rendered as a list item; with `onSelect` the whole
 * row is one button (e.g. to open the entry's details).
 */
export function TransactionRow({
  transaction,
  isCompact = false,
  testId,
  onSelect,
}: {
  transaction: TransactionView;
  isCompact?: boolean;
  testId?: string;
  onSelect?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const labelOf = useTransactionLabel();
  const metadataText = useMetadataText();
  const amount = amountDisplay(transaction.type, transaction.amount, i18n.language);
  const label = labelOf(transaction.type);
  const meta = isCompact ? [] : metadataParts(transaction.metadata, transaction.currency).map(metadataText);
  const createdAt = new Date(transaction.created_at);
  const isValidDate = !Number.isNaN(createdAt.getTime());
  const when = isValidDate ? formatWhen(createdAt, i18n.language) : '';
  const description = transaction.description.trim();

  const className = isCompact ? 'zv-tx zv-tx--compact' : 'zv-tx';
  const content = (
    <>
      <span className={`zv-tx__icon zv-tx__icon--${amount.tone}`}>
        <TransactionIcon type={transaction.type} />
      </span>
      <span className="zv-tx__main">
        {/* The whole title, wrapped if need be, with its currency: a mining reward's ZP and SEB rows
            differ at a glance. */}
        <Text weight="2" className="zv-tx__title">
          {label}{' '}
          <span className={`zv-tx__currency zv-tx__currency--${transaction.currency.toLowerCase()}`}>
            {transaction.currency}
          </span>
        </Text>
        <Caption level="1" className="zv-muted zv-tx__line">
          {isValidDate && <time dateTime={transaction.created_at}>{when}</time>}
          {isValidDate && description && description !== label && ' · '}
          {description !== label && description}
        </Caption>
        {meta.length > 0 && (
          <Caption level="1" className="zv-tx__meta">
            {meta.map((text) => (
              <span key={text} className="zv-tx__chip">
                {text}
              </span>
            ))}
          </Caption>
        )}
      </span>
      <span className="zv-tx__side">
        <Text weight="1" className={`zv-tx__amount zv-amount--${amount.tone}`} data-testid="transaction-amount">
          {t('transactions.amountLabel', { amount: amount.text, currency: transaction.currency })}
        </Text>
      </span>
    </>
  );

  return (
    <li data-testid={testId} data-type={transaction.type} data-currency={transaction.currency}>
      {onSelect ? (
        <button type="button" className={`${className} zv-tx--button`} onClick={onSelect}>
          {content}
        </button>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}
