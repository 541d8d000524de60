import { moneyParts } from './format-money.ts';

/**
 * An amount as the reader's language writes it, isolated from the text around it (`<bdi>`), its
 * currency symbol a left-to-right isolate within: "US$" stays "US$" in an Arabic line.
 */
export function Money({
  amountMinor,
  currency,
  language,
}: {
  amountMinor: number;
  currency: string;
  language: string;
}) {
  return (
    <bdi>
      {moneyParts(amountMinor, currency, language).map((part, index) =>
        part.isCurrency ? (
          <bdi key={index} dir="ltr">
            {part.text}
          </bdi>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
