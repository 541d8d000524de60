import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { TPatient } from '@portal/shared/patient';
import { useScrollToFragment } from '../../lib/a11y/fragment-target.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { useDeferredFirstValue } from '../../lib/hooks/use-deferred-first-value.ts';
import { ButtonLink } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { useChartHandOver } from './chart-hand-over.ts';
import { EditPatient } from './edit-patient.tsx';
import { PatientDetails } from './patient-details.tsx';
import { useGetPatientQuery } from './patients-api.ts';
import { PatientsNotice, type Notice } from './patients-notice.tsx';
import styles from './patients.module.css';

/** The list's address, where Back to List leads. */
const LIST_PATH = '/records';

/** Set on the chart's history entry when it was opened from the list, the entry before it. */
function isOpenedFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isFromList' in state
    ? state.isFromList === true
    : false;
}

/** The API's answer for an id that is not one of the viewer's patients (or no id at all). */
function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error.status === 404 || error.status === 400)
  );
}

/**
 * `/records/patients/:id`: one patient's chart, titled with their name, with the details and
 * what `extras` adds from other features (app/ composes it). Edit happens in place; a delete
 * goes back to the list, which offers Undo. An id that is not one of the practitioner's patients
 * shows that the patient was not found, with the way back to the list.
 */
export function PatientChartPage({ extras }: { extras?: (patient: TPatient) => ReactNode }) {
  const { t } = useTranslation('records');
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { currentData, error } = useGetPatientQuery(id);
  const patient = useDeferredFirstValue(currentData?.patient);
  const [isEditing, setIsEditing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { handOverDeleted, peekCreated, forgetCreated } = useChartHandOver();
  const [created, setCreated] = useState(() => peekCreated(id));
  const noticeRegion = useRef<HTMLDivElement>(null);
  const isFromList = isOpenedFromList(location.state);

  // Just created in the form: the chart says so once the patient is here.
  useEffect(() => forgetCreated(id), [id, forgetCreated]);
  if (patient && created) {
    setCreated(null);
    setNotice(
      created.length > 0 ? { kind: 'warnings', warnings: created } : { kind: 'created', patient },
    );
  }

  const showChart = () => {
    setIsEditing(false);
    setFocusRequest((count) => count + 1);
  };
  const dismissNotice = useCallback(() => {
    if (noticeRegion.current?.contains(document.activeElement))
      setFocusRequest((count) => count + 1);
    setNotice(null);
  }, []);

  /** Back to the list: the entry before, as it was left, if the chart was opened from it. */
  function leave({ replace }: { replace: boolean }) {
    if (isFromList) void navigate(-1);
    else void navigate(LIST_PATH, { replace });
  }

  let heading = t('details.title');
  if (patient) heading = patient.name;
  else if (isNotFound(error)) heading = t('details.notFound');
  usePageTitle(heading);
  useScrollToFragment(Boolean(patient) && !isEditing);

  if (!patient && isNotFound(error)) {
    return (
      <section
        className={`${pageStyles.card} ${pageStyles.centered}`}
        aria-labelledby="patient-chart-title"
      >
        <h1 id="patient-chart-title">{heading}</h1>
        <p>{t('details.notFoundHint')}</p>
        <div className={pageStyles.actions}>
          <ButtonLink to={LIST_PATH}>{t('details.back')}</ButtonLink>
        </div>
      </section>
    );
  }

  let view;
  if (!patient) {
    view = error ? (
      <p role="alert" className={styles.alert}>
        {t('details.loadFailed')}
      </p>
    ) : (
      <p role="status">{t('details.loading')}</p>
    );
  } else if (isEditing) {
    view = (
      <EditPatient
        patient={patient}
        focusRequest={focusRequest}
        onSaved={(saved, warnings) => {
          setNotice(
            warnings.length > 0
              ? { kind: 'warnings', warnings }
              : { kind: 'updated', patient: saved },
          );
          showChart();
        }}
        onCancel={showChart}
      />
    );
  } else {
    view = (
      <PatientDetails
        patient={patient}
        focusRequest={focusRequest}
        onEdit={() => {
          setNotice(null);
          setIsEditing(true);
          setFocusRequest((count) => count + 1);
        }}
        onDelete={(toDelete) => {
          handOverDeleted(toDelete);
          leave({ replace: true });
        }}
        onBack={() => leave({ replace: false })}
        extras={extras}
      />
    );
  }

  return (
    <div className={styles.page}>
      {/* <bdi>: a name in another script keeps its order in the page's direction. */}
      <h1>
        <bdi dir="auto">{heading}</bdi>
      </h1>
      <section className={pageStyles.card} aria-labelledby="patients-title">
        <h2 id="patients-title">{t('section')}</h2>
        <div className={styles.toolbar}>
          <h3 className={styles.management}>{t('management')}</h3>
        </div>
        <PatientsNotice
          notice={notice}
          isRestoring={false}
          undoFocusRequest={0}
          regionRef={noticeRegion}
          onUndo={() => {}}
          onDismiss={dismissNotice}
        />
        {view}
        {!patient && (
          <div className={styles.actions}>
            <ButtonLink variant="secondary" to={LIST_PATH}>
              {t('details.back')}
            </ButtonLink>
          </div>
        )}
      </section>
    </div>
  );
}
