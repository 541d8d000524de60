import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import PremiumStatusSync from './premium-sync.ts';
import { ReceiptPage } from './receipt-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

/** The page with the layout's premium sync (loaded for a signed-in user), as the app renders it. */
function PageWithSync() {
  return (
    <>
      <PremiumStatusSync />
      <TransactionsPage />
    </>
  );
}

function renderPage(user = createTestUser({ premiumMember: true })) {
  return renderWithApp(<PageWithSync />, {
    path: '/premier/transactions',
    user,
    routes: [{ path: '/premier/transactions/:id', element: <ReceiptPage /> }],
  });
}

/** The receipt of the checkout `id`, as a signed-in user opens it. */
function renderReceipt(id: string) {
  return renderWithApp(<ReceiptPage />, {
    path: '/premier/transactions/:id',
    at: `/premier/transactions/${id}`,
    user: createTestUser(),
  });
}

/** The element holding a whole amount (its symbol is an element of its own within). */
const amountIn = (container: HTMLElement, amount: string) =>
  within(container).getByText(
    (_, element) => element?.textContent === amount && element.tagName === 'BDI',
  );

describe('TransactionsPage', () => {
  it('lists every checkout, newest first: date, invoice, amount in the reader’s format, status', async () => {
    const api = startFakeApi();
    api.transactions.add({ status: 'canceled' });
    api.transactions.add({ amountRefundedMinor: 2_500 });
    api.transactions.add({ status: 'disputed', canRefundLocally: false });
    renderPage();

    const table = await screen.findByRole('table', { name: 'Transaction History' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('INV-1002');
    expect(rows[1]).toHaveTextContent('Disputed');
    expect(rows[1]).toHaveTextContent('$100.00');
    // Isolated, so the amount keeps its order in a right-to-left page.
    expect(amountIn(rows[1]!, '$100.00').tagName).toBe('BDI');
    expect(rows[2]).toHaveTextContent('Paid · $25.00 refunded');
    expect(rows[3]).toHaveTextContent('Canceled');
    expect(rows[3]).toHaveTextContent('None');
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Receipt INV-1001' })).toHaveAttribute(
      'href',
      `/premier/transactions/${api.transactions.items[1]!.id}`,
    );
  });

  it('says so when there is nothing yet, with a way to Premier', async () => {
    startFakeApi();
    renderPage(createTestUser());
    expect(await screen.findByText(/You have no transactions yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what Premier offers' })).toHaveAttribute(
      'href',
      '/premier',
    );
  });

  it('refunds a local test payment with the keyboard: status Refunded, premium ended', async () => {
    const api = startFakeApi({ user: createTestUser({ premiumMember: true }) });
    api.transactions.add();
    const { store } = renderPage();
    const user = userEvent.setup();

    const refund = await screen.findByRole('button', { name: 'Refund (test) INV-1001' });
    refund.focus();
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('INV-1001 was refunded. Your Premier membership has ended.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    // The button that did its job is gone: focus is on the receipt link beside it.
    expect(screen.getByRole('link', { name: 'Receipt INV-1001' })).toHaveFocus();
    expect(api.requestsTo('POST', /^\/api\/premier\/local-checkout\/.+\/refund$/)).toHaveLength(1);
    await expect.poll(() => store.getState().auth.userData?.premiumMember).toBe(false);
  });

  it('says when the refund failed and keeps the transaction as it was', async () => {
    const api = startFakeApi();
    api.transactions.add();
    api.on('POST', /\/refund$/, () =>
      Response.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Refund \(test\)/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The refund did not go through. Please try again.',
    );
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('shows amounts in the Arabic number and currency format, with Arabic texts', async () => {
    await i18n.changeLanguage('ar');
    const api = startFakeApi();
    api.transactions.add();
    renderPage();
    const expected = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(
      100,
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('مدفوعة')).toBeInTheDocument();
    // The format's own spaces are non-breaking; the matcher reads them as spaces.
    expect(table).toHaveTextContent(expected.replace(/\s/gu, ' '));
    // The amount isolated, its symbol a left-to-right isolate of its own: "US$", never "$US".
    const symbol = within(table).getByText('US$');
    expect(symbol.tagName).toBe('BDI');
    expect(symbol).toHaveAttribute('dir', 'ltr');
    expect(symbol.parentElement!.tagName).toBe('BDI');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('سجل المعاملات');
  });
});

describe('ReceiptPage', () => {
  it('shows seller, buyer, item, amount, card brand and last four, invoice number and date', async () => {
    const api = startFakeApi();
    const paid = api.transactions.add();
    renderReceipt(paid.id);
    const invoice = await screen.findByText('Visa •••• 4242');
    const fields = invoice.closest('dl')!;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Receipt INV-1001');
    for (const text of [
      'INV-1001',
      'CareBridge',
      'Dr. Ada Lovelace',
      'ada@example.test',
      'CareBridge Premier membership',
      '$100.00',
      'Paid',
    ])
      expect(fields).toHaveTextContent(text);
    expect(amountIn(fields, '$100.00').tagName).toBe('BDI');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Transaction History' })).toHaveAttribute(
      'href',
      '/premier/transactions',
    );
  });

  it("says when the transaction is unknown (someone else's is a 404 too)", async () => {
    startFakeApi();
    renderReceipt('cs_local_not_mine');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This transaction could not be found.',
    );
    expect(screen.queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();
  });
});
