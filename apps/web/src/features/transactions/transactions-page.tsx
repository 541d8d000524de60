import type { TTransaction } from '@portal/shared/billing';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { returnFocus } from '../../lib/a11y/focus-return.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { formatDateTime, formatMoney } from './format-money.ts';
import { Money } from './money.tsx';
import { useListTransactionsQuery, useRefundLocalCheckoutMutation } from './transactions-api.ts';
import styles from './transactions.module.css';

/** The side menu's Transaction History, every checkout of the user, newest first. */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const list = useListTransactionsQuery();
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);

  return (
    <section className={styles.page} aria-labelledby="transactions-title">
      <h1 id="transactions-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <div role="status" className={styles.outcome}>
        {outcome && !outcome.isError && <p>{outcome.text}</p>}
      </div>
      {outcome?.isError && (
        <p role="alert" className={styles.error}>
          {outcome.text}
        </p>
      )}
      {list.isLoading && <p>{t('loading')}</p>}
      {list.isError && <p role="alert">{t('loadFailed')}</p>}
      {list.data && list.data.items.length === 0 && (
        <p>
          {t('empty')} <Link to="/premier">{t('emptyLink')}</Link>
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <TransactionTable transactions={list.data.items} onOutcome={setOutcome} />
      )}
      {list.data && list.data.total > list.data.items.length && (
        <p>{t('more', { shown: list.data.items.length, total: list.data.total })}</p>
      )}
    </section>
  );
}

function TransactionTable({
  transactions,
  onOutcome,
}: {
  transactions: TTransaction[];
  onOutcome: (outcome: { text: string; isError: boolean }) => void;
}) {
  const { t, i18n } = useTranslation('transactions');
  const language = i18n.language;
  const columns: DataColumn<TTransaction>[] = [
    {
      header: t('columns.date'),
      cell: (transaction) => (
        <time dateTime={transaction.paidAt ?? transaction.createdAt}>
          {formatDateTime(transaction.paidAt ?? transaction.createdAt, language)}
        </time>
      ),
    },
    {
      header: t('columns.invoice'),
      cell: (transaction) => <bdi>{transaction.invoiceNumber ?? t('noInvoice')}</bdi>,
    },
    {
      header: t('columns.amount'),
      cell: (transaction) => (
        <Money
          amountMinor={transaction.amountMinor}
          currency={transaction.currency}
          language={language}
        />
      ),
    },
    {
      header: t('columns.status'),
      cell: (transaction) => <StatusText transaction={transaction} />,
    },
    {
      header: t('columns.actions'),
      className: () => styles.actions,
      cell: (transaction) => (
        <>
          {transaction.invoiceNumber && (
            <Link
              id={receiptLinkId(transaction)}
              to={`/premier/transactions/${encodeURIComponent(transaction.id)}`}
            >
              {t('receiptLink')}{' '}
              <span className="visually-hidden">{transaction.invoiceNumber}</span>
            </Link>
          )}
          {transaction.canRefundLocally && (
            <RefundButton transaction={transaction} onOutcome={onOutcome} />
          )}
        </>
      ),
    },
  ];
  return (
    <div className={styles.tableWrap}>
      <DataTable
        className={styles.table}
        caption={<caption className="visually-hidden">{t('title')}</caption>}
        labelCells
        columns={columns}
        rows={transactions}
        rowKey={(transaction) => transaction.id}
      />
    </div>
  );
}

/** The status in words, with a partial refund's amount when there was one. */
export function StatusText({ transaction }: { transaction: TTransaction }) {
  const { t, i18n } = useTranslation('transactions');
  const isPartlyRefunded = transaction.status === 'paid' && transaction.amountRefundedMinor > 0;
  return (
    <>
      {t(`status.${transaction.status}`)}
      {isPartlyRefunded && (
        <>
          {' · '}
          {t('partlyRefunded', {
            amount: formatMoney(
              transaction.amountRefundedMinor,
              transaction.currency,
              i18n.language,
            ),
          })}
        </>
      )}
    </>
  );
}

const receiptLinkId = (transaction: TTransaction) => `receipt-${transaction.id}`;

/**
 * The local test provider's refund, so the whole journey can be tried offline. Once it went
 * through the button is gone: focus moves on to the row's receipt link beside it, not `<body>`.
 */
function RefundButton({
  transaction,
  onOutcome,
}: {
  transaction: TTransaction;
  onOutcome: (outcome: { text: string; isError: boolean }) => void;
}) {
  const { t } = useTranslation('transactions');
  const [refund, { isLoading }] = useRefundLocalCheckoutMutation();
  const invoice = transaction.invoiceNumber ?? '';
  async function onRefund() {
    const result = await refund(transaction.id);
    if (!('error' in result)) returnFocus(document.getElementById(receiptLinkId(transaction)));
    onOutcome(
      'error' in result
        ? { text: t('refundFailed'), isError: true }
        : { text: t('refundDone', { invoice }), isError: false },
    );
  }
  return (
    <Button
      variant="danger"
      className={styles.refund}
      disabled={isLoading}
      onClick={() => void onRefund()}
    >
      {isLoading ? t('refunding') : t('refund')} <span className="visually-hidden">{invoice}</span>
    </Button>
  );
}
