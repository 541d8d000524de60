import { useTranslation } from '../../i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { formatCard, formatDateTime } from './format-money.ts';
import { Money } from './money.tsx';
import { useGetTransactionQuery } from './transactions-api.ts';
import { StatusText } from './transactions-page.tsx';
import styles from './transactions.module.css';

/** One transaction's printable receipt (print CSS leaves out the site around it). */
export function ReceiptPage() {
  const { t, i18n } = useTranslation('transactions');
  const { id = '' } = useParams();
  const buyer = useAppSelector((state) => state.auth.userData);
  const { data: transaction, isError, isLoading } = useGetTransactionQuery(id);
  const language = i18n.language;

  return (
    <article className={styles.receipt} aria-labelledby="receipt-title" data-print-receipt="">
      <h1 id="receipt-title">
        {t('receipt.title')}
        {transaction?.invoiceNumber && (
          <>
            {' '}
            <bdi>{transaction.invoiceNumber}</bdi>
          </>
        )}
      </h1>
      {isLoading && <p>{t('loading')}</p>}
      {isError && <p role="alert">{t('receipt.notFound')}</p>}
      {transaction && (
        <dl className={styles.fields}>
          <dt>{t('receipt.invoice')}</dt>
          <dd>
            <bdi>{transaction.invoiceNumber ?? t('noInvoice')}</bdi>
          </dd>
          <dt>{t('receipt.date')}</dt>
          <dd>
            <time dateTime={transaction.paidAt ?? transaction.createdAt}>
              {formatDateTime(transaction.paidAt ?? transaction.createdAt, language)}
            </time>
          </dd>
          <dt>{t('receipt.seller')}</dt>
          <dd>{t('receipt.sellerName')}</dd>
          <dt>{t('receipt.buyer')}</dt>
          <dd>
            {buyer?.name}
            {buyer?.email && (
              <>
                <br />
                <bdi>{buyer.email}</bdi>
              </>
            )}
          </dd>
          <dt>{t('receipt.item')}</dt>
          <dd>{t('receipt.itemName')}</dd>
          <dt>{t('receipt.amount')}</dt>
          <dd>
            <Money
              amountMinor={transaction.amountMinor}
              currency={transaction.currency}
              language={language}
            />
          </dd>
          {transaction.amountRefundedMinor > 0 && (
            <>
              <dt>{t('receipt.refunded')}</dt>
              <dd>
                <Money
                  amountMinor={transaction.amountRefundedMinor}
                  currency={transaction.currency}
                  language={language}
                />
              </dd>
            </>
          )}
          <dt>{t('receipt.method')}</dt>
          <dd>
            {transaction.paymentMethod ? (
              <bdi>{formatCard(transaction.paymentMethod)}</bdi>
            ) : (
              t('receipt.noMethod')
            )}
          </dd>
          <dt>{t('receipt.status')}</dt>
          <dd>
            <StatusText transaction={transaction} />
          </dd>
        </dl>
      )}
      <div className={styles.receiptActions}>
        {transaction && <Button onClick={() => window.print()}>{t('receipt.print')}</Button>}
        <ButtonLink to="/premier/transactions" variant="secondary">
          {t('receipt.back')}
        </ButtonLink>
      </div>
    </article>
  );
}
