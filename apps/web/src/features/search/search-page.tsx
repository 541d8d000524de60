import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import {
  SEARCH_LIMITS,
  type TSearchGroup,
  type TSearchHit,
  type TSearchKind,
} from '@portal/shared/search';
import { useAppSelector } from '../../app/hooks.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { chartPath, type ChartSection } from '../../lib/routes/chart-address.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import pageStyles from '../../ui/page.module.css';
import { useSearchQuery } from './search-api.ts';
import styles from './search.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/**
 * `/search`: the premium search, one box across the practitioner's own patients, visits and
 * prescriptions.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const isPremium = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  return (
    <div className={`${pageStyles.card} ${styles.page}`}>
      <h1>{t('title')}</h1>
      {isPremium ? <Search /> : <MembersOnly />}
    </div>
  );
}

/** What a non-member sees instead of the box: what premium adds, and the way to it. */
function MembersOnly() {
  const { t } = useTranslation('search');
  return (
    <section aria-labelledby="search-members-only" className={styles.membersOnly}>
      <h2 id="search-members-only">{t('membersOnly.title')}</h2>
      <p>{t('membersOnly.text')}</p>
      <ul>
        {(['patients', 'visits', 'prescriptions'] as const).map((kind) => (
          <li key={kind}>{t(`membersOnly.covers.${kind}`)}</li>
        ))}
      </ul>
      <ButtonLink to="/premier">{t('membersOnly.link')}</ButtonLink>
    </section>
  );
}

function Search() {
  const { t } = useTranslation('search');
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const [problem, setProblem] = useState<string | null>(null);
  const isAsked = q.length >= SEARCH_LIMITS.queryMin && q.length <= SEARCH_LIMITS.queryMax;
  const result = useSearchQuery({ viewer, q }, { skip: !isAsked });
  const error = apiErrorOf(result.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    const tooShort = typed.length < SEARCH_LIMITS.queryMin;
    if (tooShort || typed.length > SEARCH_LIMITS.queryMax) {
      setProblem(t(tooShort ? 'errors.tooShort' : 'errors.tooLong', SEARCH_LIMITS));
      return;
    }
    setProblem(null);
    setParams({ q: typed });
  }

  const total = result.data?.groups.reduce((sum, group) => sum + group.items.length, 0);
  const hasMore = result.data?.groups.some((group) => group.hasMore) ?? false;
  useEffect(() => {
    if (total === undefined || result.isFetching) return;
    announce(
      total === 0
        ? t('noResults', { query: q })
        : t(hasMore ? 'countMore' : 'count', { count: total }),
    );
  }, [total, hasMore, q, result.isFetching, t]);

  if (error?.code === 'PREMIUM_REQUIRED') return <MembersOnly />;
  return (
    <>
      <form role="search" className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-q`}>{t('label')}</label>
        <div className={styles.row}>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            maxLength={SEARCH_LIMITS.queryMax}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">{t('submit')}</Button>
        </div>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('hint', SEARCH_LIMITS)}
        </p>
        {problem && (
          <p id={`${id}-problem`} className={styles.problem} role="alert">
            {problem}
          </p>
        )}
      </form>
      {isAsked && result.isFetching && !result.data && <p role="status">{t('searching')}</p>}
      {isAsked && result.isError && error?.code !== 'PREMIUM_REQUIRED' && (
        <p role="alert" className={styles.problem}>
          {t('failed')}
        </p>
      )}
      {isAsked && result.data && (
        <div className={styles.results}>
          <p className={styles.summary}>
            {total === 0
              ? t('noResults', { query: q })
              : t(hasMore ? 'countMore' : 'count', { count: total })}
          </p>
          {result.data.groups.map((group) => (
            <Group key={`${q}-${group.kind}`} group={group} q={q} viewer={viewer} />
          ))}
        </div>
      )}
    </>
  );
}

/** One kind of result under its heading; 'Show more' asks the API for up to 50 of this kind. */
function Group({ group, q, viewer }: { group: TSearchGroup; q: string; viewer?: string }) {
  const { t } = useTranslation('search');
  const headingId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const more = useSearchQuery(
    { viewer, q, kind: group.kind, limit: SEARCH_LIMITS.perGroupMax },
    { skip: !isExpanded },
  );
  const shown = isExpanded && more.data ? more.data.groups[0]! : group;
  return (
    <section aria-labelledby={headingId} className={styles.group}>
      <h2 id={headingId}>
        {t(`groups.${group.kind}`)}{' '}
        <span className={styles.groupCount}>
          {t(shown.hasMore ? 'groupCountMore' : 'groupCount', { count: shown.items.length })}
        </span>
      </h2>
      {shown.items.length === 0 ? (
        <p className={styles.none}>{t('groupEmpty')}</p>
      ) : (
        <ul className={styles.hits}>
          {shown.items.map((hit) => (
            <Hit key={hit.itemId} hit={hit} kind={group.kind} />
          ))}
        </ul>
      )}
      {shown.hasMore && !isExpanded && (
        <Button variant="secondary" onClick={() => setIsExpanded(true)}>
          {t('showMore', { group: t(`groups.${group.kind}`) })}
        </Button>
      )}
      {isExpanded && more.isFetching && <p role="status">{t('searching')}</p>}
    </section>
  );
}

/** Where in the chart a hit of each kind is shown: a patient hit opens the chart at its top. */
const SECTION_OF: Record<TSearchKind, ChartSection | undefined> = {
  patients: undefined,
  visits: 'visits',
  prescriptions: 'medications',
};

function Hit({ hit, kind }: { hit: TSearchHit; kind: TSearchGroup['kind'] }) {
  const { t, i18n } = useTranslation('search');
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(hit.at));
  return (
    <li className={styles.hit}>
      <Link to={chartPath(hit.patientId, { section: SECTION_OF[kind] })} className={styles.hitLink}>
        {hit.title || t('untitled')}
      </Link>
      <p className={styles.meta}>
        {kind !== 'patients' && <span dir="auto">{hit.patientName}</span>}
        <span>{when}</span>
        {hit.status && <span>{t(`status.${hit.status}`)}</span>}
        <span>{t(`fields.${hit.snippet.field}`)}</span>
      </p>
      <p className={styles.snippet} dir="auto">
        {hit.snippet.segments.map((segment, index) =>
          segment.isMatch ? (
            <mark key={index}>{segment.text}</mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </p>
    </li>
  );
}
