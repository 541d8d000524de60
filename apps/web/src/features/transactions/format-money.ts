import { minorUnitsPerMajor } from '@portal/shared/billing';
import { dateTimeFormat, numberFormat } from '../../i18n/intl-formats.ts';

/**
 * The currency as each language writes it: the CLDR symbol, which names the US dollar where the
 * language would otherwise leave it ambiguous ("$US" in French, "US$" in Chinese and Arabic, "$"
 * in English and German). ICU gives Arabic "US$" for the narrow symbol too, so the symbol stays;
 * what Arabic needs instead is the symbol kept in its own order (see `moneyParts`).
 */
const moneyFormat = (currency: string, language: string) =>
  numberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'symbol',
  });

/** An amount in the currency's minor unit, in the reader's number and currency format. */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  return moneyFormat(currency, language).format(amountMinor / minorUnitsPerMajor(currency));
}

/**
 * The same amount in parts, the currency symbol marked: in a right-to-left line the "$" of
 * "US$" is a neutral at the run's end and would be drawn before the letters ("$US"); shown as
 * a left-to-right isolate of its own, the symbol keeps its order wherever the amount stands.
 */
export function moneyParts(
  amountMinor: number,
  currency: string,
  language: string,
): { text: string; isCurrency: boolean }[] {
  return moneyFormat(currency, language)
    .formatToParts(amountMinor / minorUnitsPerMajor(currency))
    .map((part) => ({ text: part.value, isCurrency: part.type === 'currency' }));
}

/** A date and time in the reader's language and time zone. */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** `Visa •••• 4242`: the brand as cards print it, then the last four digits. */
export function formatCard(card: { brand: string; last4: string }): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
