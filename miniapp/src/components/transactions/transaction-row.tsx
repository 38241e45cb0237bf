import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@ziver/shared';
import { formatAmount, formatDuration, formatRelativeTime, formatShortDateTime } from '@/lib/format';
import { amountDisplay, metadataParts, type MetadataPart } from './transaction-format';
import { transactionText, type TransactionText } from './transaction-text';
import { TransactionIcon } from './transaction-icon';
import './transactions.css';

/** A ledger entry's title and detail line in the reader's language (see transactionText). */
export function useTransactionText(
  taskTitleOf?: (taskId: string) => string | undefined,
): (transaction: TransactionView) => TransactionText {
  const { t, i18n } = useTranslation();
  return (transaction) => transactionText(transaction, t, i18n.language, { taskTitle: taskTitleOf });
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
        // Minutes with the seconds as a fraction: written exactly, "1 minute 12 seconds".
        return t('transactions.meta.duration', { value: formatDuration(part.value * 60, i18n.language) });
      case 'sebPoints':
        return t('transactions.meta.sebPoints', { value: formatAmount(part.value, i18n.language) });
      case 'streak':
        return t('transactions.meta.streak', { count: part.value });
    }
  };
}

/** The metadata the row's detail line already says (a task's or feedback's title, a cycle's length). */
const IN_LINE = new Set<MetadataPart['kind']>(['taskTitle', 'feedbackTitle', 'duration']);

/**
 * One ledger entry: type icon and title, date, the detail line from its type and metadata in the
 * reader's language (never the stored English description), chips (streak, SEB points) and the amount with + or - in its colour. Rendered as a list item; with `onSelect` the whole
 * row is one button (e.g. to open the entry's details).
 */
export function TransactionRow({
  transaction,
  isCompact = false,
  testId,
  onSelect,
  taskTitleOf,
}: {
  transaction: TransactionView;
  isCompact?: boolean;
  testId?: string;
  onSelect?: () => void;
  /** A task's title in the reader's language, when the caller has the tasks list at hand. */
  taskTitleOf?: (taskId: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const textOf = useTransactionText(taskTitleOf);
  const metadataText = useMetadataText();
  const amount = amountDisplay(transaction.type, transaction.amount, i18n.language);
  const { title, line } = textOf(transaction);
  const meta = isCompact
    ? []
    : metadataParts(transaction.metadata, transaction.currency)
        .filter((part) => !IN_LINE.has(part.kind))
        .map(metadataText);
  // Compact rows (recent activity) say how long ago; the history says when.
  const when = isCompact
    ? formatRelativeTime(transaction.created_at, i18n.language)
    : formatShortDateTime(transaction.created_at, i18n.language);

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
          {title}{' '}
          <span className={`zv-tx__currency zv-tx__currency--${transaction.currency.toLowerCase()}`}>
            {transaction.currency}
          </span>
        </Text>
        <Caption level="1" className="zv-muted zv-tx__line">
          {when && <time dateTime={transaction.created_at}>{when}</time>}
          {when && line && ' · '}
          {line && <span data-testid="transaction-line">{line}</span>}
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
