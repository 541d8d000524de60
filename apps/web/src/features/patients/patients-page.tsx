import {
  startTransition,
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { preloadable } from '../../lib/lazy/preloadable.ts';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { Button } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { useChartHandOver } from './chart-hand-over.ts';
import { PatientList } from './patient-list.tsx';
import {
  useDeletePatientMutation,
  useRestorePatientMutation,
  type SaveWarning,
} from './patients-api.ts';
import { PatientsNotice, type Notice } from './patients-notice.tsx';
import { useCursorPager } from './use-cursor-pager.ts';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value.ts';
import styles from './patients.module.css';

// The form and the activity view open on a press: their code (the shared schemas the form checks
// with, the audit's labels) loads on the press's first sign, not with the list
// (docs/performance.md, "Where a signed-in page's main-thread time goes").
const PatientForm = preloadable(() => import('./patient-form.tsx').then((m) => m.PatientForm));
const EditPatient = preloadable(() => import('./edit-patient.tsx').then((m) => m.EditPatient));
const ActivityView = preloadable(() => import('./activity-view.tsx').then((m) => m.ActivityView));
const preloadViews = () => {
  void PatientForm.preload();
  void EditPatient.preload();
  void ActivityView.preload();
};

/** The patients page's views: list and form, plus the audit trail (a patient's chart has its own address). */
type Mode = { view: 'list' } | { view: 'form'; patient?: TPatient } | { view: 'activity' };

export const SEARCH_DEBOUNCE_MS = 300;

/** A request to move focus: to the current view's heading, or to Undo after a delete. */
interface FocusRequest {
  count: number;
  on: 'view' | 'undo';
}

/**
 * `/records`: the practitioner's own patients (the route guard keeps guests out). `above` is
 * shown between the page's heading and the list, while the list is shown (app/ composes it: the
 * practitioner's day). Opening a patient goes to their chart's address; Back comes back to the
 * list as it was left.
 */
export function PatientsPage({ above }: { above?: ReactNode } = {}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { rememberList, recallList, handOverCreated, peekDeleted, takeDeleted } =
    useChartHandOver();
  const [recalled] = useState(() => recallList(location.key, viewer));
  // A patient deleted on their chart: the reader lands here, where Undo is offered at once.
  const [handedDeleted] = useState(() => peekDeleted());
  const pageRef = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(
    handedDeleted ? { count: 1, on: 'undo' } : { count: 0, on: 'view' },
  );
  const requestFocus = useCallback(
    (on: FocusRequest['on']) => setFocusRequest(({ count }) => ({ count: count + 1, on })),
    [],
  );
  const viewFocusRequest = focusRequest.on === 'view' ? focusRequest.count : 0;
  const [searchText, setSearchText] = useState(recalled?.searchText ?? '');
  const query = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const pager = useCursorPager(query, recalled?.cursors);
  const [notice, setNotice] = useState<Notice | null>(() =>
    handedDeleted ? { kind: 'deleted', patient: handedDeleted } : null,
  );
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
    const show = () => {
      setMode(next);
      requestFocus('view');
    };
    // In a transition: the list stays until the view's code is there (loaded at the press).
    if (next.view === 'list') show();
    else startTransition(show);
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

  /** The chart's address, a new history entry: Back returns here, to this page of the list. */
  function openChart(patient: TPatient) {
    rememberList({
      entryKey: location.key,
      viewer,
      searchText,
      cursors: pager.cursors,
      scrollY: window.scrollY,
      openedId: patient._id,
    });
    void navigate(chartPath(patient._id), { state: { isFromList: true } });
  }

  /**
   * A new patient's chart opens, saying they were added; an edit goes back to the list, where
   * the notice says what was saved: a screen reader hears it.
   */
  function saved(patient: TPatient, warnings: SaveWarning[]) {
    const isNew = mode.view === 'form' && !mode.patient;
    if (isNew) {
      handOverCreated(patient._id, warnings);
      void navigate(chartPath(patient._id));
      return;
    }
    setNotice(warnings.length > 0 ? { kind: 'warnings', warnings } : { kind: 'updated', patient });
    backToList();
  }

  // Back from a chart: the list resumes where it was (search, page above), scrolled as it was,
  // with focus on the row of the patient opened. After the layout has focused the page's heading
  // on arrival, so that this wins.
  useEffect(() => {
    if (!recalled) return;
    const timer = setTimeout(() => {
      // The row's first button on screen: its actions, or on a phone the "Actions" button they
      // are folded behind.
      const rowButtons = [
        ...(pageRef.current?.querySelectorAll<HTMLElement>('li [aria-describedby]') ?? []),
      ].filter((button) => button.getAttribute('aria-describedby')?.endsWith(recalled.openedId));
      const isToggle = (button: HTMLElement) => button.hasAttribute('aria-expanded');
      [...rowButtons.filter((button) => !isToggle(button)), ...rowButtons.filter(isToggle)]
        .find((button) => button.checkVisibility?.() ?? true)
        ?.focus({ preventScroll: true });
      if (recalled.scrollY > 0) window.scrollTo(0, recalled.scrollY);
    });
    return () => clearTimeout(timer);
  }, [recalled]);

  async function remove(patient: TPatient) {
    // The row leaves the list at once (optimistic update in the endpoint); any open view of
    // the patient closes, and Undo is offered, with focus on it, while the server moves the
    // patient to the trash.
    setMode({ view: 'list' });
    requestFocus('undo');
    const deleted: Notice = { kind: 'deleted', patient };
    setNotice(deleted);
    await sendDelete(deleted);
  }

  /** Asks the server to move the patient of `deleted` (the notice offering Undo) to the trash. */
  async function sendDelete(deleted: Notice & { kind: 'deleted' }) {
    const { patient } = deleted;
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

  // Sent once, by whichever mount of the page takes the hand-over (development mounts twice).
  const sendHandedDelete = useEffectEvent(() => {
    if (notice?.kind === 'deleted') void sendDelete(notice);
  });
  useEffect(() => {
    if (handedDeleted && takeDeleted() === handedDeleted) sendHandedDelete();
  }, [handedDeleted, takeDeleted]);

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
          onView={openChart}
          onEdit={(patient) => go({ view: 'form', patient })}
          onDelete={(patient) => void remove(patient)}
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

  // Where a link once opened a patient (`/records?patient=<id>`): their chart's own address now.
  const linkedId = params.get('patient');
  if (linkedId) return <Navigate to={chartPath(linkedId)} replace />;

  return (
    <div ref={pageRef} className={styles.page}>
      <h1>{t('heading')}</h1>
      {mode.view === 'list' && above}
      <section
        className={pageStyles.card}
        aria-labelledby="patients-title"
        onPointerOver={preloadViews}
        onFocus={preloadViews}
      >
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
