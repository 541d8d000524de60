import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/button.tsx';
import fieldStyles from '../../ui/form-field.module.css';
import { useListPatientsQuery } from './patients-api.ts';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';
import { RowActions } from './row-actions.tsx';
import type { CursorPager } from './use-cursor-pager.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './patients.module.css';

/**
 * Search box, one page of patients (never more: the list stays fast at 100,000 patients)
 * and the pager. Old results stay on screen, dimmed, while the next page or search loads.
 */
/** The API's limit for `?q=` (ZPatientListQuery): longer text cannot be typed, so never sent. */
const SEARCH_MAX_LENGTH = 100;

export function PatientList({
  searchText,
  onSearchTextChange,
  query,
  pager,
  focusRequest,
  onView,
  onEdit,
  onDelete,
}: {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** The debounced search actually sent as `?q=`. */
  query: string;
  pager: CursorPager;
  focusRequest: number;
  onView: (patient: TPatient) => void;
  onEdit: (patient: TPatient) => void;
  onDelete: (patient: TPatient) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { data, currentData, isError, isFetching } = useListPatientsQuery({
    viewer,
    q: query,
    cursor: pager.cursor,
  });
  const page = currentData ?? data;
  // Each row's buttons; each is described by the row's patient name, so it says whose it is.
  const rowActions = [
    { key: 'list.viewDetails', variant: 'secondary', onClick: onView },
    { key: 'list.edit', variant: 'secondary', onClick: onEdit },
    { key: 'list.delete', variant: 'danger', onClick: onDelete },
  ] as const;
  const hasFailed = isError && !isFetching;
  // Always in the page, so a screen reader hears the result of every search, 'no match' too.
  const searchStatus =
    query && currentData && !isFetching
      ? currentData.patients.length === 0
        ? t('search.noMatch', { query })
        : t('search.found', { count: currentData.total })
      : '';

  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <div className={styles.listHeader}>
        <h4 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
          {t('list.title')}
        </h4>
        <div className={styles.search}>
          <label htmlFor={`${id}-search`}>{t('search.label')}</label>
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            value={searchText}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('search.hint')}
            className={fieldStyles.control}
            onChange={(event) => onSearchTextChange(event.target.value)}
          />
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {searchStatus}
      </p>
      <ListState
        hasFailed={hasFailed}
        items={page?.patients}
        failedText={t('loadFailed')}
        loadingText={t('loading')}
        emptyText={t('list.empty')}
      >
        {(patients) => (
          <ul className={styles.rows} aria-busy={isFetching}>
            {patients.map((patient) => {
              const nameId = `${id}-${patient._id}`;
              return (
                <li key={patient._id} className={styles.row}>
                  <div className={styles.rowText}>
                    {/* <bdi>: text in another script keeps its order, the row keeps its alignment. */}
                    <span id={nameId} className={styles.rowName}>
                      <bdi dir="auto">{patient.name}</bdi>
                    </span>
                    <span className={styles.rowDiagnosis}>
                      <bdi dir="auto">{patient.diagnosedWith}</bdi>
                    </span>
                  </div>
                  <RowActions describedBy={nameId}>
                    {rowActions.map(({ key, variant, onClick }) => (
                      <Button
                        key={key}
                        variant={variant}
                        aria-describedby={nameId}
                        onClick={() => onClick(patient)}
                      >
                        {t(key)}
                      </Button>
                    ))}
                  </RowActions>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
      <Pager
        label={t('list.pager')}
        rangeKey="list.range"
        pager={pager}
        count={page?.patients.length ?? 0}
        total={page?.total ?? null}
        nextCursor={page?.nextCursor}
        hasFailed={hasFailed}
        isBusy={isFetching}
      />
    </section>
  );
}
