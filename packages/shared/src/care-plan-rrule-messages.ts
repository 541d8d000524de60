/**
 * A care plan's repeat rule's validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

/** Validation messages of the recurrence field, by code (unique among the shared tables). */
export const RRULE_MESSAGES = {
  invalid:
    'This is not a valid recurrence rule. Use an RFC 5545 RRULE such as FREQ=MONTHLY;INTERVAL=3.',
  tooLong: 'A recurrence rule must be at most 300 characters.',
  tooFrequent: 'An activity can recur at most daily: use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.',
  hasStart: 'Set the first day in the start field, not as DTSTART in the rule.',
  unsupported:
    'This rule uses a part care plans do not support. Use FREQ, INTERVAL (up to 1000), COUNT (up to 1000) or UNTIL, BYDAY, BYMONTHDAY (1 to 28, or -1 to -28), BYMONTH and, monthly, BYSETPOS (1 to 4, or -1 to -4).',
} as const;
