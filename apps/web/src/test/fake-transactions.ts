import { http, type HttpHandler } from 'msw';
import { formatInvoiceNumber, type TTransaction } from '@portal/shared/billing';
import { json } from './http.ts';

/**
 * The Transaction History in memory, served by `transactionsHandlers`: the list
 * (newest first, `X-Total-Count`), one transaction (404 `TRANSACTION_NOT_FOUND`), and the local
 * provider's refund, which ends premium as the API does (`onRefund`).
 */
export class FakeTransactions {
  readonly items: TTransaction[] = [];
  private invoice = 1000;
  private sequence = 0;

  constructor(private readonly onRefund: () => void) {}

  /** A paid local checkout unless told otherwise; the newest one is listed first. */
  add(overrides: Partial<TTransaction> = {}): TTransaction {
    this.sequence += 1;
    const createdAt = new Date(Date.UTC(2026, 2, this.sequence, 9, 30)).toISOString();
    const status = overrides.status ?? 'paid';
    const transaction: TTransaction = {
      id: `cs_local_fake${this.sequence}`,
      createdAt,
      paidAt: status === 'canceled' ? null : createdAt,
      amountMinor: 10_000,
      currency: 'usd',
      amountRefundedMinor: 0,
      status,
      invoiceNumber: status === 'canceled' ? null : formatInvoiceNumber((this.invoice += 1)),
      paymentMethod: status === 'canceled' ? null : { brand: 'visa', last4: '4242' },
      item: 'CareBridge Premier membership',
      provider: 'local',
      canRefundLocally: status === 'paid',
      ...overrides,
    };
    this.items.unshift(transaction);
    return transaction;
  }

  refund(id: string): TTransaction | undefined {
    const transaction = this.items.find((item) => item.id === id);
    if (!transaction?.canRefundLocally) return undefined;
    Object.assign(transaction, {
      status: 'refunded',
      amountRefundedMinor: transaction.amountMinor,
      canRefundLocally: false,
    });
    this.onRefund();
    return transaction;
  }
}

const notFound = () =>
  json(
    { message: 'The transaction could not be found.', code: 'TRANSACTION_NOT_FOUND' },
    { status: 404 },
  );

export function transactionsHandlers(transactions: FakeTransactions): HttpHandler[] {
  return [
    http.get('/api/premier/transactions', () =>
      json(transactions.items, {
        headers: { 'x-total-count': String(transactions.items.length) },
      }),
    ),
    http.get('/api/premier/transactions/:id', ({ params }) => {
      const transaction = transactions.items.find((item) => item.id === params.id);
      return transaction ? json(transaction) : notFound();
    }),
    http.post('/api/premier/local-checkout/:id/refund', ({ params }) => {
      const refunded = transactions.refund(String(params.id));
      return refunded ? json(refunded) : notFound();
    }),
  ];
}
