import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_KINDS, type TAppointmentKind } from '@portal/shared/appointment';
import { DIRECTORY_LANGUAGES, DIRECTORY_LIMITS } from '@portal/shared/directory';
import type { TDirectoryDoctorHit } from '@portal/shared/directory-public';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/form-field.module.css';
import { useSearchDoctorsQuery, type DoctorFilters } from './directory-api.ts';
import { languageName, specialtiesByName } from './directory-text.ts';
import { DoctorCard } from './doctor-card.tsx';
import { PagedResults } from './paged-results.tsx';
import { SelectFilter, TextFilter } from './filter-fields.tsx';
import styles from './directory.module.css';

/** The URL parameters a doctor search is kept in, so Back, Forward and links repeat it. */
const FILTER_KEYS = ['q', 'specialty', 'language', 'city', 'kind'] as const;

function filtersOf(params: URLSearchParams): DoctorFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim().slice(0, DIRECTORY_LIMITS.queryMax);
    if (value) filters[key] = value;
  }
  const kind = filters.kind as TAppointmentKind | undefined;
  if (kind && !APPOINTMENT_KINDS.includes(kind)) delete filters.kind;
  return filters;
}

/**
 * The directory's doctor search: name or specialty, specialty, language, city and kind of visit,
 * kept in the address (`?q=&specialty=&language=&city=&kind=`). The search is asked when the form
 * is sent, never per keystroke: one page of results is one request, its cards' next free times
 * included. "More results" adds the next page below.
 */
export function DoctorSearch() {
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
    <>
      {/* A new address (Back, Forward, a link) gives the form its values again. */}
      <SearchForm key={key} filters={filters} onSubmit={search} />
      <Results key={`results-${key}`} filters={filters} />
    </>
  );
}

function SearchForm({
  filters,
  onSubmit,
}: {
  filters: DoctorFilters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t, i18n } = useTranslation('directory');
  const id = useId();
  const language = i18n.language;
  const languages = DIRECTORY_LANGUAGES.map((tag) => ({ tag, name: languageName(tag, language) }));
  const collator = new Intl.Collator(language);
  languages.sort((a, b) => collator.compare(a.name, b.name));
  return (
    <form role="search" className={styles.searchForm} onSubmit={onSubmit} noValidate>
      <div className={`${field.field} ${styles.searchText}`}>
        <label htmlFor={`${id}-q`}>{t('search.label')}</label>
        <div className={styles.searchRow}>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            maxLength={DIRECTORY_LIMITS.queryMax}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Button type="submit">{t('search.submit')}</Button>
        </div>
      </div>
      <fieldset className={styles.filters}>
        <legend>{t('search.filters')}</legend>
        <SelectFilter
          name="specialty"
          label={t('search.specialty')}
          value={filters.specialty}
          anyLabel={t('search.anySpecialty')}
          options={specialtiesByName(language).map(({ code, name }) => ({
            value: code,
            label: name,
          }))}
        />
        <SelectFilter
          name="language"
          label={t('search.language')}
          value={filters.language}
          anyLabel={t('search.anyLanguage')}
          options={languages.map(({ tag, name }) => ({ value: tag, label: name }))}
        />
        <TextFilter
          name="city"
          label={t('search.city')}
          value={filters.city}
          autoComplete="address-level2"
        />
        <SelectFilter
          name="kind"
          label={t('search.kind')}
          value={filters.kind}
          anyLabel={t('search.anyKind')}
          options={APPOINTMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
      </fieldset>
    </form>
  );
}

function Results({ filters }: { filters: DoctorFilters }) {
  const { t } = useTranslation('directory');
  return (
    <PagedResults<DoctorFilters, TDirectoryDoctorHit>
      filters={filters}
      usePage={useSearchDoctorsQuery}
      headingId="doctor-results-count"
      texts={{
        loading: t('search.loading'),
        empty: t('search.empty'),
        count: (count) => t('search.count', { count }),
        more: t('search.more'),
      }}
      keyOf={(doctor) => doctor.publicId}
      renderItem={(doctor, focus) => <DoctorCard doctor={doctor} {...focus} />}
    />
  );
}
