/**
 * The text key of a refusal of a medicines action, by the API's code: the ones a screen here
 * meets by design have their own words, anything else says that it failed.
 */
const KNOWN = [
  'PRESCRIPTION_ALREADY_DISPENSED',
  'PRESCRIPTION_NOT_DISPENSABLE',
  'PRESCRIPTION_NOT_ACTIVE',
  'REFILL_ALREADY_OPEN',
  'REFILL_NOT_ALLOWED',
  'REFILL_ALREADY_ANSWERED',
  'PHARMACY_NOT_FOUND',
  'RATE_LIMITED',
] as const;

export function refusalKeyOf(code: string | undefined): string {
  return (KNOWN as readonly string[]).includes(code ?? '') ? `refusals.${code}` : 'refusals.failed';
}
