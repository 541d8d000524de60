import type { TCorrectionAbout, TCorrectionAboutKind } from '@portal/shared/correction';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDay } from '../../i18n/format.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  useGetMyAllergiesQuery,
  useGetMyAppointmentsQuery,
  useGetMyCarePlansQuery,
  useGetMyImmunizationsQuery,
  useGetMyPrescriptionsQuery,
  useGetMyVisitsQuery,
} from './my-health-api.ts';
import { useDateTime } from './record-section.tsx';
import { isolated } from './refusal.ts';

/** What the "What is it about" choice holds: an item's key, the details, or something else. */
export const ABOUT_OTHER = 'other';
export const ABOUT_PATIENT = 'patient';

/** One item the patient can point a request at, under the label its section shows. */
export interface AboutChoice {
  value: string;
  about: TCorrectionAbout;
  label: string;
}

/** The choices of one section of the record, under its heading. */
export interface AboutGroup {
  kind: TCorrectionAboutKind;
  choices: AboutChoice[];
}

const valueOf = (about: TCorrectionAbout) =>
  about.id === null ? about.kind : `${about.kind}:${about.id}`;

/** The key of a request's `about` among the choices (`ABOUT_OTHER` for the record in general). */
export const aboutValueOf = (about: TCorrectionAbout | null) =>
  about === null ? ABOUT_OTHER : valueOf(about);

/** What a request is about, by kind only: where the item itself is not (or no longer) shown. */
export const kindLabelOf = (t: TFunction, about: TCorrectionAbout | null) =>
  t(`corrections.about.kind.${about?.kind ?? ABOUT_OTHER}`);

/**
 * The items the record's screens show, as choices for a request, each named as its section
 * names it (a medication and its strength, an appointment by its time). The sections' own
 * queries are read, so the choices are what is on the page and nothing is fetched twice.
 * Names written by the practice are isolated: an option cannot hold a `<bdi>`.
 */
export function useAboutChoices(patientId: string): AboutGroup[] {
  const { t, i18n } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const args = { viewer, patientId };
  const { dateTime } = useDateTime();
  const appointments = useGetMyAppointmentsQuery(args).currentData;
  const visits = useGetMyVisitsQuery(args).currentData ?? [];
  const prescriptions = useGetMyPrescriptionsQuery(args).currentData ?? [];
  const allergies = useGetMyAllergiesQuery(args).currentData ?? [];
  const immunizations = useGetMyImmunizationsQuery(args).currentData ?? [];
  const carePlans = useGetMyCarePlansQuery(args).currentData ?? [];

  const group = <Item extends { _id: string }>(
    kind: Exclude<TCorrectionAboutKind, 'patient'>,
    items: readonly Item[],
    labelOf: (item: Item) => string,
  ): AboutGroup => ({
    kind,
    choices: items.map((item) => {
      const about = { kind, id: item._id };
      return { value: valueOf(about), about, label: labelOf(item) };
    }),
  });

  const details: AboutGroup = {
    kind: 'patient',
    choices: [
      {
        value: ABOUT_PATIENT,
        about: { kind: 'patient', id: null },
        label: t('corrections.about.patientDetails'),
      },
    ],
  };
  return [
    details,
    group(
      'appointment',
      [...(appointments?.upcoming ?? []), ...(appointments?.past ?? [])],
      (one) => t('corrections.about.appointment', { when: dateTime(one.start) }),
    ),
    group('visit', visits, (one) =>
      one.reason
        ? t('corrections.about.visitFor', {
            when: dateTime(one.occurredAt),
            reason: isolated(one.reason),
          })
        : t('corrections.about.visit', { when: dateTime(one.occurredAt) }),
    ),
    group('prescription', prescriptions, (one) =>
      isolated([one.medication, one.strength].filter(Boolean).join(' ')),
    ),
    group('allergy', allergies, (one) => isolated(one.substance)),
    group('immunization', immunizations, (one) =>
      t('corrections.about.immunization', {
        vaccine: isolated(one.vaccine),
        date: formatDay(one.occurredOn, i18n.language),
      }),
    ),
    group('carePlan', carePlans, (one) => isolated(one.title)),
  ].filter((one) => one.choices.length > 0);
}
