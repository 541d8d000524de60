import type { TFunction } from '../../i18n/translator.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import type { TPrescriptionVerification } from './medicines-types.ts';

/** How a state reads: in words first, its colour only underlines them. */
export type StatusTone = 'good' | 'done' | 'bad';

/**
 * A verified prescription's state in the reader's words: dispensed (when and where), expired,
 * stopped, completed, or active. Expired and stopped are said plainly: neither may be dispensed.
 */
export function statusTextOf(
  v: Pick<TPrescriptionVerification, 'status' | 'expired' | 'dispensedAt' | 'dispensedBy'>,
  t: TFunction,
  language: string,
): { title: string; detail?: string; tone: StatusTone } {
  if (v.status === 'dispensed') {
    const day = dateTimeFormat(language, { dateStyle: 'medium' });
    return {
      title: t('medicines:status.dispensed'),
      detail: t('medicines:status.dispensedOn', {
        date: v.dispensedAt ? day.format(Date.parse(v.dispensedAt)) : '',
        pharmacy: v.dispensedBy ?? '',
      }),
      tone: 'done',
    };
  }
  if (v.status === 'stopped')
    return {
      title: t('medicines:status.stopped'),
      detail: t('medicines:status.stoppedDetail'),
      tone: 'bad',
    };
  if (v.expired)
    return {
      title: t('medicines:status.expired'),
      detail: t('medicines:status.expiredDetail'),
      tone: 'bad',
    };
  if (v.status === 'completed')
    return {
      title: t('medicines:status.completed'),
      detail: t('medicines:status.completedDetail'),
      tone: 'done',
    };
  return {
    title: t('medicines:status.active'),
    detail: t('medicines:status.activeDetail'),
    tone: 'good',
  };
}
