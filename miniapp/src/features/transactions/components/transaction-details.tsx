import { Caption, Modal, Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@ziver/shared';
import { amountDisplay, metadataParts, type MetadataPart } from '@/components/transactions/transaction-format';
import { TransactionIcon } from '@/components/transactions/transaction-icon';
import { useMetadataText, useTransactionText } from '@/components/transactions/transaction-row';
import { formatDateTime } from '@/lib/format';
import { useTransaction } from '../api/get-transaction';
import { FetchErrorNotice } from './fetch-error-notice';

/**
 * One entry in full (GET /api/transactions/:id), in a bottom sheet. The row it was opened from
 * shows at once; the server's copy replaces it when it arrives.
 */
export function TransactionDetails({ row, onClose }: { row: TransactionView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const textOf = useTransactionText();
  const metadataText = useMetadataText();
  // Beside its own label a part needs only its value: "4 days", not "Streak: 4 days".
  const detailValue = (part: MetadataPart) =>
    part.kind === 'streak'
      ? t('history.details.days', { count: part.value })
      : part.kind === 'taskTitle' || part.kind === 'feedbackTitle'
        ? part.value
        : metadataText(part);
  const detailQuery = useTransaction(row?.id ?? null);
  const transaction = detailQuery.data ?? row;

  const when = transaction
    ? formatDateTime(transaction.created_at, i18n.language, { dateStyle: 'full', timeStyle: 'medium' })
    : null;
  const text = transaction ? textOf(transaction) : null;
  const amount = transaction ? amountDisplay(transaction.type, transaction.amount, i18n.language) : null;

  return (
    <Modal
      open={row !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      // Above the sticky header and the bottom navigation.
      className="zv-details-sheet"
      overlayComponent={<Modal.Overlay className="zv-details-overlay" />}
      aria-label={t('history.details.title')}
      data-testid="history-details"
    >
      {transaction && amount && text && (
        <div className="zv-details">
          <div className="zv-details__head">
            <span className={`zv-tx__icon zv-tx__icon--${amount.tone}`}>
              <TransactionIcon type={transaction.type} size={24} />
            </span>
            <Text weight="2" Component="h2" className="zv-details__title">
              {text.title}
            </Text>
            <Text weight="1" className={`zv-details__amount zv-amount--${amount.tone}`}>
              {t('transactions.amountLabel', { amount: amount.text, currency: transaction.currency })}
            </Text>
            {detailQuery.isFetching && <Spinner size="s" />}
          </div>
          {detailQuery.isError && (
            <FetchErrorNotice kind="transaction" error={detailQuery.error} onRetry={() => void detailQuery.refetch()} />
          )}
          <dl className="zv-details__list">
            {when && (
              <div>
                <dt>{t('history.details.date')}</dt>
                <dd>
                  <time dateTime={transaction.created_at}>{when}</time>
                </dd>
              </div>
            )}
            {/* Said from the type and metadata in the reader's language, not the stored English description. */}
            {text.line && (
              <div>
                <dt>{t('history.details.description')}</dt>
                <dd data-testid="history-details-line">{text.line}</dd>
              </div>
            )}
            {metadataParts(transaction.metadata, transaction.currency).map((part) => (
              <div key={part.kind}>
                <dt>{t(`history.details.meta.${part.kind}`)}</dt>
                <dd>{detailValue(part)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('history.details.reference')}</dt>
              <dd>
                <Caption level="1" className="zv-details__id">
                  {transaction.id}
                </Caption>
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Modal>
  );
}
