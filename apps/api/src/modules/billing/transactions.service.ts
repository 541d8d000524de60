import { formatInvoiceNumber, type TTransaction } from '@portal/shared/billing';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isApiInstant } from '../../lib/etag.ts';
import { keyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import type { CheckoutSessionRow } from './billing.repository.ts';
import * as repo from './transactions.repository.ts';

/** What the receipt names as the item bought. */
export const PREMIUM_ITEM = 'CareBridge Premier membership';

const isTransactionKey = (key: unknown[]): key is [string, string] =>
  key.length === 2 &&
  isApiInstant(key[0]) &&
  typeof key[1] === 'string' &&
  /^[A-Za-z0-9_-]{1,255}$/.test(key[1]);

/**
 * The Transaction History: the user's own checkouts, read-only. Someone else's id
 * answers exactly as an unknown one (404 TRANSACTION_NOT_FOUND).
 */
export function createTransactionsService({
  db,
  canRefundLocally,
}: {
  db: Db;
  /** The provider serves its own checkout (the local one), so its payments refund here. */
  canRefundLocally: boolean;
}) {
  function toTransaction(row: CheckoutSessionRow): TTransaction {
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      amountMinor: row.amountMinor,
      currency: row.currency,
      amountRefundedMinor: row.amountRefundedMinor,
      status: row.status as TTransaction['status'],
      invoiceNumber: row.invoiceNumber === null ? null : formatInvoiceNumber(row.invoiceNumber),
      paymentMethod:
        row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      item: PREMIUM_ITEM,
      provider: row.provider,
      canRefundLocally: canRefundLocally && row.status === 'paid' && row.paymentIntentId !== null,
    };
  }

  return {
    async listTransactions({
      userId,
      limit,
      cursor,
    }: {
      userId: string;
    } & PageRequest): Promise<Page<TTransaction>> {
      const after = keyAfter(cursor, isTransactionKey);
      return readPage({
        limit,
        rows: (oneMore) => repo.findTransactionsOfUser(db, { userId, after, limit: oneMore }),
        total: () => repo.countTransactionsOfUser(db, userId),
        toItem: toTransaction,
        keyOf: (row) => [row.createdAt.toISOString(), row.id],
      });
    },

    async getTransaction({ userId, id }: { userId: string; id: string }): Promise<TTransaction> {
      const row = await repo.findTransactionOfUser(db, { id, userId });
      if (!row) throw new AppError('TRANSACTION_NOT_FOUND');
      return toTransaction(row);
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
