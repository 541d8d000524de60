import { minorUnitsPerMajor } from '@portal/shared/billing';

/** An amount in the currency's minor unit, in the reader's number and currency format. */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amountMinor / minorUnitsPerMajor(currency));
}

/** A date and time in the reader's language and time zone. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** `Visa •••• 4242`: the brand as cards print it, then the last four digits. */
export function formatCard(card: { brand: string; last4: string }): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
