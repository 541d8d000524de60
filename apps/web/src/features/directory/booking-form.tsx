import { useId, useState, type FormEvent } from 'react';
import type { TAppointmentKind } from '@portal/shared/appointment';
import type { TDirectoryDoctor } from '@portal/shared/directory-public';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type SummaryItem } from '../../ui/error-summary.tsx';
import { describedControl, FieldMessage } from '../../ui/form-field.tsx';
import { FailureAlert, useFailure } from '../../ui/failure-alert.tsx';
import { InputField, TextAreaField } from '../../ui/control-fields.tsx';
import field from '../../ui/form-field.module.css';
import {
  BOOKING_LIMITS,
  ZBookingDependant,
  ZDirectoryBookingInput,
  type TDirectoryBooking,
} from '@portal/shared/booking';
import { useBookDoctorMutation } from './directory-api.ts';
import styles from './directory.module.css';

/** What the booker has typed: kept by the page, so choosing another time keeps it. */
export interface BookingDraft {
  kind: TAppointmentKind | '';
  reason: string;
  isForDependant: boolean;
  givenName: string;
  familyName: string;
  birthDate: string;
}

export const EMPTY_DRAFT: BookingDraft = {
  kind: '',
  reason: '',
  isForDependant: false,
  givenName: '',
  familyName: '',
  birthDate: '',
};

type Problems = Partial<
  Record<'kind' | 'reason' | 'givenName' | 'familyName' | 'birthDate', string>
>;

/**
 * The booking of one free time: kind of visit (among the doctor's), reason, and whether it is
 * for the booker or someone in their care. The API answers the booking, or that the time was
 * just taken (`SLOT_TAKEN`: the page refreshes the times) or that the booker already has as many
 * open requests as allowed (`BOOKING_REQUESTS_LIMIT`).
 */
export function BookingForm({
  doctor,
  start,
  when,
  draft,
  onDraft,
  onBooked,
  onSlotTaken,
  onOtherTime,
}: {
  doctor: TDirectoryDoctor;
  start: string;
  /** The time being booked, as the reader says it. */
  when: string;
  draft: BookingDraft;
  onDraft: (draft: BookingDraft) => void;
  onBooked: (booking: TDirectoryBooking) => void;
  onSlotTaken: () => void;
  onOtherTime: () => void;
}) {
  const { t } = useTranslation('directory');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [book, booking] = useBookDoctorMutation();
  const [problems, setProblems] = useState<Problems>({});
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const {
    text: failureText,
    ref: failureRef,
    show: showFailure,
    clear: clearFailure,
  } = useFailure();
  const kind = draft.kind || (doctor.visitKinds.length === 1 ? doctor.visitKinds[0]! : '');
  const set = (change: Partial<BookingDraft>) => onDraft({ ...draft, ...change });

  /** The shared schema's rules for each field; the texts are the reader's language's. */
  function check(): Problems {
    const found: Problems = {};
    const isValid = (
      schema: { safeParse: (value: unknown) => { success: boolean } },
      value: string,
    ) => schema.safeParse(value).success;
    const dependant = ZBookingDependant.shape;
    if (!kind) found.kind = t('book.errors.kind');
    if (!isValid(ZDirectoryBookingInput.shape.reason, draft.reason))
      found.reason = t('book.errors.reason');
    if (draft.isForDependant) {
      if (!isValid(dependant.givenName, draft.givenName))
        found.givenName = t('book.errors.givenName');
      if (!isValid(dependant.familyName, draft.familyName))
        found.familyName = t('book.errors.familyName');
      if (!isValid(dependant.birthDate, draft.birthDate))
        found.birthDate = t('book.errors.birthDate');
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (booking.isLoading) return;
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || !kind) {
      focusSummary();
      return;
    }
    clearFailure();
    try {
      const booked = await book({
        viewer,
        id: doctor.publicId,
        input: {
          start,
          kind,
          reason: draft.reason.trim(),
          for: draft.isForDependant
            ? {
                dependant: {
                  givenName: draft.givenName.trim(),
                  familyName: draft.familyName.trim(),
                  birthDate: draft.birthDate,
                },
              }
            : 'self',
        },
      }).unwrap();
      onBooked(booked);
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      if (code === 'SLOT_TAKEN') onSlotTaken();
      else
        showFailure(
          t(
            code === 'BOOKING_REQUESTS_LIMIT'
              ? 'book.errors.requestsLimit'
              : code === 'BOOKING_CLOSED'
                ? 'doctor.offline'
                : code === 'VALIDATION_FAILED'
                  ? 'book.errors.invalid'
                  : 'book.errors.failed',
          ),
        );
    }
  }

  const summary: SummaryItem[] = (
    [
      ['kind', `${id}-kind-${doctor.visitKinds[0]}`],
      ['reason', `${id}-reason`],
      ['givenName', `${id}-given`],
      ['familyName', `${id}-family`],
      ['birthDate', `${id}-birth`],
    ] as const
  ).flatMap(([name, fieldId]) => (problems[name] ? [{ fieldId, text: problems[name] }] : []));

  return (
    <form
      className={styles.bookingForm}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={`${id}-title`} tabIndex={-1}>
        {t('book.title')}
      </h2>
      <p className={styles.bookingWhen}>
        {t('book.when', { when, name: `\u2068${doctor.name}\u2069` })}
      </p>
      <ErrorSummary items={summary} ref={summaryRef} />
      <FailureAlert failure={failureText} ref={failureRef} />
      <fieldset
        className={styles.choices}
        {...describedControl({ messageOf: `${id}-kind`, error: problems.kind })}
      >
        <legend>{t('book.kind')}</legend>
        {doctor.visitKinds.map((visitKind) => (
          <label key={visitKind} className={styles.choice}>
            <input
              id={`${id}-kind-${visitKind}`}
              type="radio"
              name={`${id}-kind`}
              value={visitKind}
              checked={kind === visitKind}
              onChange={() => set({ kind: visitKind })}
            />
            {t(`kinds.${visitKind}`)}
          </label>
        ))}
        <FieldMessage id={`${id}-kind`} error={problems.kind} />
      </fieldset>
      <TextAreaField
        id={`${id}-reason`}
        label={t('book.reason')}
        hint={t('book.reasonHint')}
        error={problems.reason}
        value={draft.reason}
        maxLength={BOOKING_LIMITS.reasonMax}
        rows={3}
        onChange={(event) => set({ reason: event.target.value })}
      />
      <fieldset className={styles.choices}>
        <legend>{t('book.for')}</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-for`}
            checked={!draft.isForDependant}
            onChange={() => set({ isForDependant: false })}
          />
          {t('book.forSelf')}
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-for`}
            checked={draft.isForDependant}
            onChange={() => set({ isForDependant: true })}
          />
          {t('book.forDependant')}
        </label>
      </fieldset>
      {draft.isForDependant && (
        <div className={field.grid}>
          <InputField
            id={`${id}-given`}
            label={t('book.givenName')}
            error={problems.givenName}
            value={draft.givenName}
            maxLength={BOOKING_LIMITS.nameMax}
            autoComplete="off"
            onChange={(event) => set({ givenName: event.target.value })}
          />
          <InputField
            id={`${id}-family`}
            label={t('book.familyName')}
            error={problems.familyName}
            value={draft.familyName}
            maxLength={BOOKING_LIMITS.nameMax}
            autoComplete="off"
            onChange={(event) => set({ familyName: event.target.value })}
          />
          <InputField
            id={`${id}-birth`}
            type="date"
            label={t('book.birthDate')}
            error={problems.birthDate}
            value={draft.birthDate}
            onChange={(event) => set({ birthDate: event.target.value })}
          />
        </div>
      )}
      <div className={styles.formActions}>
        <Button type="submit" aria-disabled={booking.isLoading || undefined}>
          {booking.isLoading
            ? t('book.submitting')
            : t(doctor.onlineBooking === 'request' ? 'book.submitRequest' : 'book.submit')}
        </Button>
        <Button variant="secondary" onClick={onOtherTime}>
          {t('book.otherTime')}
        </Button>
      </div>
    </form>
  );
}
