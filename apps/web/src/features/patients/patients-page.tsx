import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPatient } from '@portal/shared/patient';
import { Button } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { ActivityView } from './activity-view.tsx';
import { EditPatient } from './edit-patient.tsx';
import { PatientDetails } from './patient-details.tsx';
import { PatientForm } from './patient-form.tsx';
import { PatientList } from './patient-list.tsx';
import {
  useDeletePatientMutation,
  useRestorePatientMutation,
  type SaveWarning,
} from './patients-api.ts';
import { PatientsNotice, type Notice } from './patients-notice.tsx';
import { useCursorPager } from './use-cursor-pager.ts';
import { useLinkedPatient } from './use-linked-patient.ts';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value.ts';
import styles from './patients.module.css';

/** The patients page's views: list, detail and form, plus the audit trail. */
type Mode =
  | { view: 'list' }
  | { view: 'detail'; patient: TPatient }
  | { view: 'form'; patient?: TPatient }
  | { view: 'activity' };

export const SEARCH_DEBOUNCE_MS = 300;

/** A request to move focus: to the current view's heading, or to Undo after a delete. */
interface FocusRequest {
  count: number;
  on: 'view' | 'undo';
}

/**
 * `/records`: the practitioner's own patients (the route guard keeps guests out).
 * `patientExtras` adds what other features show about the patient in its details (app/
 * composes it: the patient's appointments). `above` is shown between the page's heading and the
 * list, while the list is shown (app/ composes it: the practitioner's day).
 */
export function PatientsPage({
  patientExtras,
  above,
}: {
  patientExtras?: (patient: TPatient) => ReactNode;
  above?: ReactNode;
} = {}) {
  const { t } = useTranslation('records');
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [focusRequest, setFocusRequest] = useState<FocusRequest>({ count: 0, on: 'view' });
  const requestFocus = useCallback(
    (on: FocusRequest['on']) => setFocusRequest(({ count }) => ({ count: count + 1, on })),
    [],
  );
  const viewFocusRequest = focusRequest.on === 'view' ? focusRequest.count : 0;
  const [searchText, setSearchText] = useState('');
  const query = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const pager = useCursorPager(query);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRegion = useRef<HTMLDivElement>(null);
  const shownNotice = useRef<Notice | null>(null);
  useEffect(() => {
    shownNotice.current = notice;
  }, [notice]);
  const [deletePatient] = useDeletePatientMutation();
  const [restorePatient] = useRestorePatientMutation();
  /** Deletes the server has not answered yet, by patient id: Undo waits for its own. */
  const pendingDeletes = useRef(new Map<string, Promise<unknown>>());
  const [isUndoing, setIsUndoing] = useState(false);

  function go(next: Mode) {
    setMode(next);
    requestFocus('view');
  }

  /**
   * Replaces the notice. If the reader was on it (Undo or Dismiss), focus moves to the view's
   * heading, where the page goes on, instead of falling to `<body>` with the removed button.
   */
  const replaceNotice = useCallback(
    (next: Notice | null) => {
      if (noticeRegion.current?.contains(document.activeElement)) requestFocus('view');
      setNotice(next);
    },
    [requestFocus],
  );

  const backToList = () => go({ view: 'list' });
  useLinkedPatient((patient) => go({ view: 'detail', patient }));

  /** Back to the list, where the notice says what was saved: a screen reader hears it. */
  function saved(patient: TPatient, warnings: SaveWarning[]) {
    const isNew = mode.view === 'form' && !mode.patient;
    setNotice(
      warnings.length > 0
        ? { kind: 'warnings', warnings }
        : { kind: isNew ? 'created' : 'updated', patient },
    );
    backToList();
  }

  async function remove(patient: TPatient) {
    // The row leaves the list at once (optimistic update in the endpoint); any open view of
    // the patient closes, and Undo is offered, with focus on it, while the server moves the
    // patient to the trash.
    setMode({ view: 'list' });
    requestFocus('undo');
    const deleted: Notice = { kind: 'deleted', patient };
    setNotice(deleted);
    const deletion = deletePatient(patient._id).unwrap();
    pendingDeletes.current.set(patient._id, deletion);
    try {
      await deletion;
    } catch {
      // Reported by the endpoint; the row is back, so there is nothing to undo.
      if (shownNotice.current === deleted) replaceNotice(null);
    } finally {
      pendingDeletes.current.delete(patient._id);
    }
  }

  async function undo(patient: TPatient) {
    setIsUndoing(true);
    try {
      // Focus is on Undo at once, so it can be pressed before the server has moved the patient
      // to the trash: restoring then would fail. It restores once the delete is done.
      const deletion = pendingDeletes.current.get(patient._id);
      if (
        deletion &&
        !(await deletion.then(
          () => true,
          () => false,
        ))
      )
        return;
      await restorePatient(patient._id).unwrap();
      replaceNotice({ kind: 'restored', patient });
    } catch (error) {
      console.error('Restoring a patient failed', error);
      replaceNotice({ kind: 'restoreFailed', patient });
    } finally {
      setIsUndoing(false);
    }
  }

  const dismissNotice = useCallback(() => replaceNotice(null), [replaceNotice]);

  let view;
  switch (mode.view) {
    case 'list':
      view = (
        <PatientList
          searchText={searchText}
          onSearchTextChange={setSearchText}
          query={query}
          pager={pager}
          focusRequest={viewFocusRequest}
          onView={(patient) => go({ view: 'detail', patient })}
          onEdit={(patient) => go({ view: 'form', patient })}
          onDelete={(patient) => void remove(patient)}
        />
      );
      break;
    case 'detail':
      view = (
        <PatientDetails
          patient={mode.patient}
          focusRequest={viewFocusRequest}
          onEdit={(patient) => go({ view: 'form', patient })}
          onDelete={(patient) => void remove(patient)}
          onBack={backToList}
          extras={patientExtras}
        />
      );
      break;
    case 'form':
      view = mode.patient ? (
        <EditPatient
          patient={mode.patient}
          focusRequest={viewFocusRequest}
          onSaved={saved}
          onCancel={backToList}
        />
      ) : (
        <PatientForm focusRequest={viewFocusRequest} onSaved={saved} onCancel={backToList} />
      );
      break;
    case 'activity':
      view = <ActivityView focusRequest={viewFocusRequest} onBack={backToList} />;
      break;
  }

  return (
    <div className={styles.page}>
      <h1>{t('heading')}</h1>
      {mode.view === 'list' && above}
      <section className={pageStyles.card} aria-labelledby="patients-title">
        <h2 id="patients-title">{t('section')}</h2>
        <div className={styles.toolbar}>
          <h3 className={styles.management}>{t('management')}</h3>
          {mode.view === 'list' && (
            <div className={styles.toolbarActions}>
              <Button
                onClick={() => {
                  setNotice(null);
                  go({ view: 'form' });
                }}
              >
                {t('add')}
              </Button>
              <Button variant="secondary" onClick={() => go({ view: 'activity' })}>
                {t('openActivity')}
              </Button>
            </div>
          )}
        </div>
        <PatientsNotice
          notice={notice}
          isRestoring={isUndoing}
          undoFocusRequest={focusRequest.on === 'undo' ? focusRequest.count : 0}
          regionRef={noticeRegion}
          onUndo={(patient) => void undo(patient)}
          onDismiss={dismissNotice}
        />
        {view}
      </section>
    </div>
  );
}
