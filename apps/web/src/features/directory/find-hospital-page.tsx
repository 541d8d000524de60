import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DIRECTORY_LIMITS,
  FACILITY_KINDS,
  type TFacilityKind,
  type TFacilitySummary,
} from '@portal/shared/directory';
import { useTranslation } from '../../i18n/use-translation.ts';
import { telHref } from '../../lib/config/public-config.ts';
import { Button } from '../../ui/button.tsx';
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
import { PagedResults } from './paged-results.tsx';
import { SelectFilter, TextFilter } from './filter-fields.tsx';
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
            <TextFilter name="q" label={t('findHospital.name')} value={filters.q} type="search" />
            <TextFilter
              name="city"
              label={t('findHospital.city')}
              value={filters.city}
              autoComplete="address-level2"
            />
            <SelectFilter
              name="kind"
              label={t('findHospital.kind')}
              value={filters.kind}
              anyLabel={t('findHospital.anyKind')}
              options={FACILITY_KINDS.map((kind) => ({
                value: kind,
                label: t(`facilityKinds.${kind}`),
              }))}
            />
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
  return (
    <PagedResults<FacilityFilters, TFacilitySummary>
      filters={filters}
      usePage={useSearchFacilitiesQuery}
      headingId="facility-results-count"
      texts={{
        loading: t('findHospital.loading'),
        empty: t('findHospital.empty'),
        count: (count) => t('findHospital.count', { count }),
        more: t('findHospital.more'),
      }}
      keyOf={(facility) => facility._id}
      renderItem={(facility, focus) => <FacilityCard facility={facility} {...focus} />}
    />
  );
}

/** A facility: kind, name, address (to a map), phone, and its doctors when asked for. */
function FacilityCard({
  facility,
  shouldFocus,
  onFocused,
}: {
  facility: TFacilitySummary;
  shouldFocus: boolean;
  onFocused: () => void;
}) {
  const { t } = useTranslation('directory');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!shouldFocus) return;
    headingRef.current?.focus();
    onFocused();
  }, [shouldFocus, onFocused]);
  const [isOpen, setIsOpen] = useState(false);
  const address = [facility.address.split('\n').join(', '), facility.city].join(', ');
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.kindBadge}>{t(`facilityKinds.${facility.kind}`)}</p>
      <h3 ref={headingRef} id={`${id}-name`} className={styles.cardTitle} tabIndex={-1}>
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
