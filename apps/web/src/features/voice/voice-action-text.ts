import type { TFunction } from '../../i18n/translator.ts';
import type { TVoiceCallAction } from '@portal/shared/voice';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/**
 * 'Tue, Mar 3, 10:00 AM': an appointment's start on the practitioner's clock (the agenda's time
 * zone, never the browser's), in the reader's language, with the day so that a booking next
 * week does not read as this week's.
 */
export function formatActionStart(start: string, timeZone: string, language: string): string {
  return dateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(start));
}

/**
 * 'Booked Maria Souza, Tue, Mar 3, 10:00 AM'. The name is isolated (U+2068 … U+2069) so that a
 * Latin name in an Arabic sentence, or the reverse, leaves the sentence's order alone.
 */
export function actionSentence(
  t: TFunction,
  action: TVoiceCallAction,
  { timeZone, language }: { timeZone: string; language: string },
): string {
  return t(`actions.${action.kind}`, {
    patient: `\u2068${action.patientName}\u2069`,
    when: formatActionStart(action.start, timeZone, language),
  });
}
