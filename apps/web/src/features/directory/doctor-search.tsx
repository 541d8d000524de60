import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_KINDS, type TAppointmentKind } from '@portal/shared/appointment';
import { DIRECTORY_LANGUAGES, DIRECTORY_LIMITS } from '@portal/shared/directory';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/form-field.module.css';
import { useSearchDoctorsQuery, type DoctorFilters } from './directory-api.ts';
import { languageName, specialtiesByName } from './directory-text.ts';
import { DoctorCard } from './doctor-card.tsx';
import { ListFailure } from './list-failure.tsx';
import { useMorePages } from './use-more-pages.ts';
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
        <div className={field.field}>
          <label htmlFor={`${id}-specialty`}>{t('search.specialty')}</label>
          <select id={`${id}-specialty`} name="specialty" defaultValue={filters.specialty ?? ''}>
            <option value="">{t('search.anySpecialty')}</option>
            {specialtiesByName(language).map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={field.field}>
          <label htmlFor={`${id}-language`}>{t('search.language')}</label>
          <select id={`${id}-language`} name="language" defaultValue={filters.language ?? ''}>
            <option value="">{t('search.anyLanguage')}</option>
            {languages.map(({ tag, name }) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={field.field}>
          <label htmlFor={`${id}-city`}>{t('search.city')}</label>
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
          <label htmlFor={`${id}-kind`}>{t('search.kind')}</label>
          <select id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ''}>
            <option value="">{t('search.anyKind')}</option>
            {APPOINTMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </form>
  );
}

function Results({ filters }: { filters: DoctorFilters }) {
  const { t } = useTranslation('directory');
  const { cursors, addPage } = useMorePages();
  const first = useSearchDoctorsQuery(filters);
  const total = first.data?.total;
  useEffect(() => {
    if (total !== undefined)
      announce(total === 0 ? t('search.empty') : t('search.count', { count: total }));
  }, [total, t]);

  if (first.isError)
    return <ListFailure error={first.error} onRetry={() => void first.refetch()} />;
  if (!first.data) return <p role="status">{t('search.loading')}</p>;
  if (first.data.total === 0) return <p className={styles.empty}>{t('search.empty')}</p>;
  return (
    <section className={styles.results} aria-labelledby="doctor-results-count">
      <h2 id="doctor-results-count" className={styles.count}>
        {t('search.count', { count: first.data.total })}
      </h2>
      <ul className={styles.cards}>
        {cursors.map((cursor, index) => (
          <ResultPage
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

/** One page of cards; the last one shown offers the next. */
function ResultPage({
  filters,
  cursor,
  isLast,
  onMore,
}: {
  filters: DoctorFilters;
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('directory');
  const page = useSearchDoctorsQuery({ ...filters, ...(cursor && { cursor }) });
  const [isFirstFocused, setIsFirstFocused] = useState(false);
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
      {page.data.items.map((doctor, index) => (
        <li key={doctor.publicId}>
          <DoctorCard
            doctor={doctor}
            // A page added by "More results" takes focus at its first card.
            shouldFocus={cursor !== undefined && index === 0 && !isFirstFocused}
            onFocused={() => setIsFirstFocused(true)}
          />
        </li>
      ))}
      {isLast && nextCursor && (
        <li className={styles.pageState}>
          <Button variant="secondary" onClick={() => onMore(nextCursor)}>
            {t('search.more')}
          </Button>
        </li>
      )}
    </>
  );
}
