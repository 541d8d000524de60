import { useCallback, useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import type { TVisit } from '@portal/shared/visit';
import { useAppSelector } from '../../app/hooks.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { PatientSection } from '../../ui/patient-section.tsx';
import { SectionListState } from '../../ui/section-list-state.tsx';
import { VisitForm, type AppointmentChoice } from './visit-form.tsx';
import { VisitItem } from './visit-item.tsx';
import { useListVisitsQuery, VISITS_PAGE, VISITS_PAGE_MAX } from './visits-api.ts';
import styles from './visits.module.css';

/**
 * In a patient's details (patients, composed by app/): the patient's visits, newest first, with
 * 'Record a visit'. Focus goes to a visit just recorded, signed or amended, and a polite status
 * line says what changed. `appointments` (from app/) are those a visit may close.
 * `startVisitFor` (an appointment's id, from the chart's address) opens 'Record a visit' with that
 * appointment chosen, once the appointments are known; then `onVisitStarted` is called, once.
 * However it opens, the form's heading takes focus (the button that opened it is gone).
 */
export function PatientVisits({
  patient,
  appointments,
  startVisitFor,
  onVisitStarted,
}: {
  patient: TPatient;
  appointments?: readonly AppointmentChoice[];
  startVisitFor?: string;
  onVisitStarted?: () => void;
}) {
  const { t } = useTranslation('visits');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [limit, setLimit] = useState(VISITS_PAGE);
  const [isRecording, setIsRecording] = useState(false);
  /** The appointment the open form starts with; null when 'Record a visit' opened it. */
  const [startedFor, setStartedFor] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = useListVisitsQuery({ viewer, patientId: patient._id, limit });
  const visits = list.currentData?.visits ?? [];
  const total = list.currentData?.total ?? 0;
  const onFocused = useCallback(() => setFocusId(null), []);
  // Back on 'Record a visit' after a cancelled form: the button returns one render later.
  const { ref: recordRef, request: focusRecord } = useFocusAfterRender<HTMLButtonElement>();

  // The address's request, acted on once per request, as soon as the appointments are known.
  const [startRequest, setStartRequest] = useState<string | null>(null);
  if ((startVisitFor ?? null) !== startRequest && (!startVisitFor || appointments)) {
    setStartRequest(startVisitFor ?? null);
    if (startVisitFor) {
      const isOffered = appointments?.some(
        (choice) => choice.isOpen && choice.id === startVisitFor,
      );
      setAnnouncement('');
      setStartedFor(isOffered ? startVisitFor : '');
      setIsRecording(true);
    }
  }
  const visitStarted = useEffectEvent(() => onVisitStarted?.());
  useEffect(() => {
    if (startRequest) visitStarted();
  }, [startRequest]);

  const sharingSaved = () => setAnnouncement(t('sharing.saved'));
  const changed = (kind: 'recorded' | 'updated' | 'signed' | 'amended', visit: TVisit) => {
    setFocusId(visit._id);
    setAnnouncement(t(`announce.${kind}`));
  };

  return (
    <PatientSection titleId={`${id}-title`} title={t('title')} className={styles.section}>
      <p role="status" className={styles.status}>
        {announcement}
      </p>
      {isRecording ? (
        <VisitForm
          patientId={patient._id}
          appointments={appointments}
          appointmentId={startedFor ?? undefined}
          isFocusedOnOpen
          onSaved={(visit) => {
            setIsRecording(false);
            setStartedFor(null);
            changed('recorded', visit);
          }}
          onCancel={() => {
            setIsRecording(false);
            setStartedFor(null);
            focusRecord();
          }}
        />
      ) : (
        <div className={styles.actions}>
          <Button
            ref={recordRef}
            onClick={() => {
              setAnnouncement('');
              setIsRecording(true);
            }}
          >
            {t('list.record')}
          </Button>
        </div>
      )}
      <SectionListState
        hasFailed={list.isError && !list.isFetching}
        items={list.currentData?.visits}
        texts={{
          loadFailed: t('list.loadFailed'),
          loading: t('list.loading'),
          empty: t('list.none'),
        }}
      >
        {(visits) => (
          <ul className={styles.items} aria-labelledby={`${id}-title`}>
            {visits.map((visit) => (
              <VisitItem
                key={visit._id}
                visit={visit}
                appointments={appointments}
                shouldFocus={focusId === visit._id}
                onFocused={onFocused}
                onChanged={changed}
                onSharingSaved={sharingSaved}
              />
            ))}
          </ul>
        )}
      </SectionListState>
      {visits.length < total && limit < VISITS_PAGE_MAX && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => setLimit((old) => Math.min(old + VISITS_PAGE, VISITS_PAGE_MAX))}
          >
            {t('list.more', { shown: visits.length, total })}
          </Button>
        </div>
      )}
    </PatientSection>
  );
}
