/**
 * `Intl` formatters, made once per language and options: making one costs far more than
 * formatting with it (a list of 50 rows made 50 formatters a render, about 100 ms of a phone's
 * main thread), and a formatter never changes.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<Format extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  language: string | undefined,
  options: object | undefined,
  make: () => Format,
): Format {
  const key = `${kind}|${language ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key) as Format | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

export function dateTimeFormat(
  language: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached('date', language, options, () => new Intl.DateTimeFormat(language, options));
}

export function numberFormat(
  language: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return cached('number', language, options, () => new Intl.NumberFormat(language, options));
}
