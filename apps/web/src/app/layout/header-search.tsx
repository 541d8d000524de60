import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import type { TFacilitySummary } from '@portal/shared/directory';
import type { TDirectoryDoctor } from '@portal/shared/directory-public';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value.ts';
import { Icon } from '../../ui/icon.tsx';
import styles from './header.module.css';

/** Characters typed before suggestions are asked for, the pause that asks, and how many. */
const MIN_LENGTH = 2;
const PAUSE_MS = 300;
const PER_KIND = 5;

interface Suggestion {
  id: string;
  group: 'doctors' | 'facilities' | 'all';
  label: string;
  detail?: string;
  href: string;
}

/** Where Enter sends a search: the directory's doctor results. */
const resultsHref = (query: string) => `/find-doctor?${new URLSearchParams({ q: query })}`;

/**
 * Suggestions from the public directory: up to five doctors and five places whose name (or, for
 * a doctor, specialty) holds the text. A plain fetch, as the home page's counters: every page
 * has the header, and the API client is not loaded for it.
 */
async function askDirectory(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const ask = async <T,>(path: string): Promise<T[]> => {
    const params = new URLSearchParams({ q: query, limit: String(PER_KIND) });
    const response = await fetch(`/api/directory/${path}?${params}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    return response.ok ? ((await response.json()) as T[]) : [];
  };
  const [doctors, facilities] = await Promise.all([
    ask<TDirectoryDoctor>('doctors'),
    ask<TFacilitySummary>('facilities'),
  ]);
  return [
    ...doctors.map((doctor) => ({
      id: `doctor-${doctor.publicId}`,
      group: 'doctors' as const,
      label: doctor.name,
      detail: doctor.facility?.name ?? doctor.city ?? undefined,
      href: `/find-doctor/${encodeURIComponent(doctor.publicId)}`,
    })),
    ...facilities.map((facility) => ({
      id: `facility-${facility._id}`,
      group: 'facilities' as const,
      label: facility.name,
      detail: facility.city,
      href: `/find-hospital?${new URLSearchParams({ q: facility.name })}`,
    })),
  ];
}

/**
 * The header's search over the public directory, as a WAI-ARIA combobox with a list of
 * suggestions: they come as one types (after a pause), grouped as doctors and places, their
 * count announced; the arrow keys move through them (`aria-activedescendant`, focus stays in the
 * box), Enter opens the one chosen or, with none, the doctors' results on `/find-doctor?q=…`;
 * Escape closes the list. What is typed goes to the portal's own directory and nowhere else.
 * Without the app's code (a prerendered page) the form is a plain GET to `/find-doctor`.
 */
export function HeaderSearch({
  formId,
  className,
  inputRef,
  onKeyDown,
}: {
  formId: string;
  className: string;
  inputRef: Ref<HTMLInputElement>;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [isExpanded, setIsExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<{ query: string; items: Suggestion[] } | null>(null);
  const query = text.trim();
  const asked = useDebouncedValue(query, PAUSE_MS);

  useEffect(() => {
    if (asked.length < MIN_LENGTH) return;
    const controller = new AbortController();
    askDirectory(asked, controller.signal)
      .then((items) => {
        setAnswer({ query: asked, items });
        setActive(-1);
        announce(
          items.length === 0
            ? t('header.noSuggestions')
            : t('header.suggestionCount', { count: items.length }),
        );
      })
      // Offline or refused: no suggestions; Enter still searches.
      .catch(() => {});
    return () => controller.abort();
  }, [asked, t]);

  const found = answer && answer.query === query && query.length >= MIN_LENGTH ? answer.items : [];
  const options: Suggestion[] =
    found.length === 0
      ? []
      : [
          ...found,
          {
            id: 'all',
            group: 'all',
            label: t('header.allResults', { query }),
            href: resultsHref(query),
          },
        ];
  const isOpen = isExpanded && options.length > 0;
  const optionId = (option: Suggestion) => `${id}-${option.id}`;

  function go(href: string) {
    setIsExpanded(false);
    setActive(-1);
    void navigate(href);
  }

  // What is in the box, read from the form: text typed on a prerendered page before the app ran
  // is in the box but was never a change the app saw.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (typed) go(resultsHref(typed));
  }

  function handleKey(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setIsExpanded(true);
      setActive((index) => (!isOpen || index >= count - 1 ? 0 : index + 1));
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setIsExpanded(true);
      setActive((index) => (!isOpen || index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && isOpen && options[active]) {
      event.preventDefault();
      go(options[active].href);
    } else if (event.key === 'Escape' && isOpen) {
      // Only the list closes: the folded search of a phone stays open until the next Escape.
      event.preventDefault();
      event.stopPropagation();
      setIsExpanded(false);
      setActive(-1);
    }
  }

  const groups = (['doctors', 'facilities'] as const).map((group) => ({
    group,
    items: options.filter((option) => option.group === group),
  }));
  const all = options.find((option) => option.group === 'all');

  function optionOf(option: Suggestion) {
    return (
      <div
        key={option.id}
        id={optionId(option)}
        role="option"
        aria-selected={options[active]?.id === option.id}
        className={styles.suggestion}
        // The box keeps focus: a press chooses without blurring it first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => go(option.href)}
      >
        <span className={styles.suggestionLabel}>{option.label}</span>
        {option.detail && <span className={styles.suggestionDetail}>{option.detail}</span>}
      </div>
    );
  }

  return (
    <form
      id={formId}
      role="search"
      className={className}
      action="/find-doctor"
      method="get"
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <label htmlFor="directory-search" className="visually-hidden">
        {t('header.search')}
      </label>
      <div className={styles.searchField}>
        <input
          ref={inputRef}
          id="directory-search"
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-activedescendant={isOpen && options[active] ? optionId(options[active]) : undefined}
          className={styles.searchInput}
          placeholder={t('header.search')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setIsExpanded(true);
            setActive(-1);
          }}
          onKeyDown={handleKey}
          onFocus={() => setIsExpanded(true)}
          onBlur={() => setIsExpanded(false)}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('header.suggestions')}
          className={styles.suggestions}
          hidden={!isOpen}
        >
          {isOpen &&
            groups.map(
              ({ group, items }) =>
                items.length > 0 && (
                  <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
                    <div
                      id={`${id}-${group}`}
                      role="presentation"
                      className={styles.suggestionGroup}
                    >
                      {t(`header.${group}`)}
                    </div>
                    {items.map(optionOf)}
                  </div>
                ),
            )}
          {isOpen && all && optionOf(all)}
        </div>
      </div>
      <button type="submit" className={styles.searchButton} aria-label={t('header.searchSubmit')}>
        <Icon name="search" />
      </button>
    </form>
  );
}
