import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DIRECTORY_LIMITS,
  FACILITY_KINDS,
  type TFacilityKind,
  type TFacilitySummary,
} from '@portal/shared/directory';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { telHref } from '../../lib/config/public-config.ts';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/form-field.module.css';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import {
  useGetFacilityQuery,
  useSearchFacilitiesQuery,
  type FacilityFilters,
} from './directory-api.ts';
import { doctorPath } from './directory-paths.ts';
import { listOf, mapHref, specialtyName } from './directory-text.ts';
import { ListFailure } from './list-failure.tsx';
import { useMorePages } from './use-more-pages.ts';
import styles from './directory.module.css';

const FILTER_KEYS = ['q', 'city', 'kind'] as const;

function filtersOf(params: URLSearchParams): FacilityFilters {
  const filters: FacilityFilters = {};
  const text = (key: string) => params.get(key)?.trim().slice(0, DIRECTORY_LIMITS.queryMax);
  const q = text('q');
  const city = text('city');
  const kind = params.get('kind') as TFacilityKind | null;
  if (q) filters.q = q;
  if (city) filters.city = city;
  if (kind && FACILITY_KINDS.includes(kind)) filters.kind = kind;
  return filters;
}

/**
 * `/find-hospital`: the directory's hospitals, clinics and pharmacies by name, city and kind
 * (kept in the address), each with its address (a map link), its phone and, on request, the
 * doctors listed there. The list never depends on a map.
 */
export function FindHospitalPage() {
  const { t } = useTranslation('directory');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = JSON.stringify(filters);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_KEYS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <h1 tabIndex={-1}>{t('findHospital.title')}</h1>
        <p className={styles.intro}>{t('findHospital.intro')}</p>
        <form key={key} role="search" className={styles.searchForm} onSubmit={search} noValidate>
          <div className={styles.filters}>
            <div className={field.field}>
              <label htmlFor={`${id}-q`}>{t('findHospital.name')}</label>
              <input
                id={`${id}-q`}
                name="q"
                type="search"
                defaultValue={filters.q ?? ''}
                maxLength={DIRECTORY_LIMITS.queryMax}
                autoComplete="off"
              />
            </div>
            <div className={field.field}>
              <label htmlFor={`${id}-city`}>{t('findHospital.city')}</label>
              <input
                id={`${id}-city`}
                name="city"
                type="text"
                defaultValue={filters.city ?? ''}
                maxLength={DIRECTORY_LIMITS.queryMax}
                autoComplete="address-level2"
              />
            </div>
            <div className={field.field}>
              <label htmlFor={`${id}-kind`}>{t('findHospital.kind')}</label>
              <select id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ''}>
                <option value="">{t('findHospital.anyKind')}</option>
                {FACILITY_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`facilityKinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className={styles.formActions}>
            <Button type="submit">{t('findHospital.submit')}</Button>
          </div>
        </form>
        <FacilityResults key={`results-${key}`} filters={filters} />
      </div>
    </div>
  );
}

function FacilityResults({ filters }: { filters: FacilityFilters }) {
  const { t } = useTranslation('directory');
  const { cursors, addPage } = useMorePages();
  const first = useSearchFacilitiesQuery(filters);
  const total = first.data?.total;
  useEffect(() => {
    if (total !== undefined)
      announce(total === 0 ? t('findHospital.empty') : t('findHospital.count', { count: total }));
  }, [total, t]);
  if (first.isError)
    return <ListFailure error={first.error} onRetry={() => void first.refetch()} />;
  if (!first.data) return <p role="status">{t('findHospital.loading')}</p>;
  if (first.data.total === 0) return <p className={styles.empty}>{t('findHospital.empty')}</p>;
  return (
    <section className={styles.results} aria-labelledby="facility-results-count">
      <h2 id="facility-results-count" className={styles.count}>
        {t('findHospital.count', { count: first.data.total })}
      </h2>
      <ul className={styles.cards}>
        {cursors.map((cursor, index) => (
          <FacilityPage
            key={cursor ?? 'first'}
            filters={filters}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={addPage}
          />
        ))}
      </ul>
    </section>
  );
}

function FacilityPage({
  filters,
  cursor,
  isLast,
  onMore,
}: {
  filters: FacilityFilters;
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('directory');
  const page = useSearchFacilitiesQuery({ ...filters, ...(cursor && { cursor }) });
  if (page.isError)
    return (
      <li className={styles.pageState}>
        <ListFailure error={page.error} onRetry={() => void page.refetch()} />
      </li>
    );
  if (!page.data)
    return (
      <li className={styles.pageState} role="status">
        {t('search.loadingMore')}
      </li>
    );
  const { nextCursor } = page.data;
  return (
    <>
      {page.data.items.map((facility) => (
        <li key={facility._id}>
          <FacilityCard facility={facility} />
        </li>
      ))}
      {isLast && nextCursor && (
        <li className={styles.pageState}>
          <Button variant="secondary" onClick={() => onMore(nextCursor)}>
            {t('findHospital.more')}
          </Button>
        </li>
      )}
    </>
  );
}

/** A facility: kind, name, address (to a map), phone, and its doctors when asked for. */
function FacilityCard({ facility }: { facility: TFacilitySummary }) {
  const { t } = useTranslation('directory');
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const address = [facility.address.split('\n').join(', '), facility.city].join(', ');
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.kindBadge}>{t(`facilityKinds.${facility.kind}`)}</p>
      <h3 id={`${id}-name`} className={styles.cardTitle}>
        {facility.name}
      </h3>
      <p className={styles.address}>
        <a href={mapHref(facility)} target="_blank" rel="noopener noreferrer">
          {t('facility.map', { address })}
        </a>
      </p>
      {facility.phone && (
        <p>
          <a href={telHref(facility.phone)}>
            {t('facility.phone')} <span dir="ltr">{facility.phone}</span>
          </a>
        </p>
      )}
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={isOpen}
        aria-controls={`${id}-doctors`}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('facility.doctors')}
      </button>
      <div id={`${id}-doctors`} hidden={!isOpen}>
        {isOpen && <FacilityDoctors id={facility._id} />}
      </div>
    </article>
  );
}

/** The doctors listed at a facility, each to their profile: read when first shown. */
function FacilityDoctors({ id }: { id: string }) {
  const { t, i18n } = useTranslation('directory');
  const facility = useGetFacilityQuery(id);
  if (facility.isError)
    return <ListFailure error={facility.error} onRetry={() => void facility.refetch()} />;
  if (!facility.data) return <p role="status">{t('facility.loadingDoctors')}</p>;
  if (facility.data.doctors.length === 0)
    return <p className={styles.muted}>{t('facility.noDoctors')}</p>;
  return (
    <ul className={styles.facilityDoctors}>
      {facility.data.doctors.map((doctor) => (
        <li key={doctor.publicId}>
          <Link to={doctorPath(doctor.publicId)}>{doctor.name}</Link>
          {doctor.specialties.length > 0 && (
            <span className={styles.muted}>
              {' '}
              ·{' '}
              {listOf(
                doctor.specialties.map((code) => specialtyName(code, i18n.language)),
                i18n.language,
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
