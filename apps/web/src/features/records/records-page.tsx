import { useCallback, useState } from 'react';
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
} from './records-api.ts';
import { RecordsNotice, type Notice } from './records-notice.tsx';
import { useCursorPager } from './use-cursor-pager.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import styles from './records.module.css';

/** The views of SPEC.md §4 (list, detail, form) plus the audit trail. */
type Mode =
  | { view: 'list' }
  | { view: 'detail'; patient: TPatient }
  | { view: 'form'; patient?: TPatient }
  | { view: 'activity' };

export const SEARCH_DEBOUNCE_MS = 300;

/** `/records`: the practitioner's own patients (the route guard keeps guests out). */
export function RecordsPage() {
  const { t } = useTranslation('records');
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [focusRequest, setFocusRequest] = useState(0);
  const [searchText, setSearchText] = useState('');
  const query = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const pager = useCursorPager(query);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deletePatient] = useDeletePatientMutation();
  const [restorePatient, { isLoading: isRestoring }] = useRestorePatientMutation();

  function go(next: Mode) {
    setMode(next);
    setFocusRequest((n) => n + 1);
  }

  const backToList = () => go({ view: 'list' });

  function saved(warnings: SaveWarning[]) {
    setNotice(warnings.length > 0 ? { kind: 'warnings', warnings } : null);
    backToList();
  }

  async function remove(patient: TPatient) {
    // The row leaves the list at once (optimistic update in the endpoint); any open view of
    // the patient closes, and Undo is offered while the server moves it to the trash.
    go({ view: 'list' });
    const deleted: Notice = { kind: 'deleted', patient };
    setNotice(deleted);
    try {
      await deletePatient(patient._id).unwrap();
    } catch {
      // Reported by the endpoint; the row is back, so there is nothing to undo.
      setNotice((current) => (current === deleted ? null : current));
    }
  }

  async function undo(patient: TPatient) {
    try {
      await restorePatient(patient._id).unwrap();
      setNotice({ kind: 'restored', patient });
    } catch (error) {
      console.error('Restoring a patient failed', error);
      setNotice({ kind: 'restoreFailed', patient });
    }
    if (mode.view === 'list') setFocusRequest((n) => n + 1);
  }

  const dismissNotice = useCallback(() => setNotice(null), []);

  let view;
  switch (mode.view) {
    case 'list':
      view = (
        <PatientList
          searchText={searchText}
          onSearchTextChange={setSearchText}
          query={query}
          pager={pager}
          focusRequest={focusRequest}
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
          focusRequest={focusRequest}
          onEdit={(patient) => go({ view: 'form', patient })}
          onDelete={(patient) => void remove(patient)}
          onBack={backToList}
        />
      );
      break;
    case 'form':
      view = mode.patient ? (
        <EditPatient
          patient={mode.patient}
          focusRequest={focusRequest}
          onSaved={saved}
          onCancel={backToList}
        />
      ) : (
        <PatientForm focusRequest={focusRequest} onSaved={saved} onCancel={backToList} />
      );
      break;
    case 'activity':
      view = <ActivityView focusRequest={focusRequest} onBack={backToList} />;
      break;
  }

  return (
    <div className={styles.page}>
      <h1>{t('heading')}</h1>
      <section className={pageStyles.card} aria-labelledby="patient-records-title">
        <h2 id="patient-records-title">{t('section')}</h2>
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
        <RecordsNotice
          notice={notice}
          isRestoring={isRestoring}
          onUndo={(patient) => void undo(patient)}
          onDismiss={dismissNotice}
        />
        {view}
      </section>
    </div>
  );
}
