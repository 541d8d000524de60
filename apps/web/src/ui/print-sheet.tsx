import type { ReactNode } from 'react';
import { displayPhone } from '@portal/shared/phone';
import { dateTimeFormat } from '../i18n/intl-formats.ts';
import { Button, ButtonLink } from './button.tsx';
import { addressLines } from './address-lines.ts';
import styles from './print-sheet.module.css';

/** The parts of a practice a printed sheet heads with; absent parts are left out. */
export interface PrintedPractice {
  name: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}

/** A calendar day (`YYYY-MM-DD`, or today) in the reader's language, e.g. 2 March 2026. */
export function printedDay(language: string, day?: string): string {
  const date = day ? new Date(`${day}T00:00:00Z`) : new Date();
  return dateTimeFormat(language, {
    dateStyle: 'long',
    ...(day && { timeZone: 'UTC' }),
  }).format(date);
}

/** The patient's name and, when known, date of birth, as two entries of a sheet's facts list. */
export function PrintedPatient({
  patient,
  language,
  nameLabel,
  birthLabel,
}: {
  patient: { name: string; dateOfBirth?: string | null };
  language: string;
  nameLabel: ReactNode;
  birthLabel: ReactNode;
}) {
  return (
    <>
      <div>
        <dt>{nameLabel}</dt>
        <dd>
          <bdi>{patient.name}</bdi>
        </dd>
      </div>
      {patient.dateOfBirth && (
        <div>
          <dt>{birthLabel}</dt>
          <dd>{printedDay(language, patient.dateOfBirth)}</dd>
        </div>
      )}
    </>
  );
}

/** The screen's buttons above a sheet, never printed: print it, or go back to where it came from. */
export function PrintToolbar({
  printLabel,
  backLabel,
  backTo,
}: {
  printLabel: string;
  backLabel: string;
  backTo: string;
}) {
  return (
    <div className={styles.toolbar}>
      <Button onClick={() => window.print()}>{printLabel}</Button>
      <ButtonLink variant="secondary" to={backTo}>
        {backLabel}
      </ButtonLink>
    </div>
  );
}

/** The practice's name, address and phone at the head of a sheet; nothing when none is known. */
export function PrintedPracticeAddress({
  practice,
  language,
  phoneLabel,
}: {
  practice?: PrintedPractice;
  language: string;
  phoneLabel: ReactNode;
}) {
  if (!practice || !(practice.name || practice.street || practice.city || practice.phone))
    return null;
  return (
    <address className={styles.practice}>
      {practice.name && (
        <p className={styles.practiceName}>
          <bdi>{practice.name}</bdi>
        </p>
      )}
      {addressLines(practice, language).map((line) => (
        <p key={line}>
          <bdi>{line}</bdi>
        </p>
      ))}
      {practice.phone && (
        <p>
          {phoneLabel} <bdi dir="ltr">{displayPhone(practice.phone, practice.country)}</bdi>
        </p>
      )}
    </address>
  );
}
