import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { QueryListState } from '../../ui/section-list-state.tsx';
import styles from './clinical.module.css';

interface Item {
  _id: string;
}

/** What is open: the new-item form, or one action (edit, stop) of one item. */
type Open = { action: string; id?: string } | null;

/** What a change says: its message, and a list the reader must look at (the allergy's matches). */
interface Announcement {
  message: string;
  details?: { title: string; lines: { id: string; text: string }[] };
}

/** Each kind's own texts, by key (written out, so a search for a key finds its use). */
const KIND_TEXTS = {
  allergies: {
    title: 'allergies.title',
    none: 'allergies.none',
    loadFailed: 'allergies.loadFailed',
    add: 'allergies.add',
  },
  medications: {
    title: 'medications.title',
    none: 'medications.none',
    loadFailed: 'medications.loadFailed',
    add: 'medications.add',
  },
} as const;

/** The same texts of a kind with a namespace of its own: `<namespace>:title` and so on. */
const textsIn = (namespace: string) => ({
  title: `${namespace}:title`,
  none: `${namespace}:none`,
  loadFailed: `${namespace}:loadFailed`,
  add: `${namespace}:add`,
});

/**
 * A section of the patient's details listing items of one kind (allergies, medications) with
 * 'Add' and per-item actions, each opening its form in place. Its heading, empty, load-failed and
 * 'Add' texts are the kind's own (`KIND_TEXTS`, or its namespace's). After a change
 * the result is announced (a polite status line) and focus lands on the item, or on the heading
 * when the item has left the list (a stopped medication); a cancelled form gives focus back to its
 * button.
 */
export function ClinicalSection<T extends Item>({
  kind,
  query,
  renderSummary,
  actions,
  renderPanel,
  moreActions,
}: {
  kind: keyof typeof KIND_TEXTS | { namespace: string };
  query: { currentData?: T[]; isError: boolean; isFetching: boolean };
  renderSummary: (item: T) => ReactNode;
  /** Per-item actions: their button labels, by action name. */
  actions: (item: T) => { action: string; label: string }[];
  /** The form of an action; `done({ message, item })` after a change, `done()` when cancelled. */
  renderPanel: (
    open: { action: string; item?: T },
    done: (change?: Announcement & { item?: T }) => void,
  ) => ReactNode;
  /** Shown beside 'Add' (the medications' 'Print prescription'). */
  moreActions?: ReactNode;
}) {
  const { t } = useTranslation('clinical');
  const keys = typeof kind === 'string' ? KIND_TEXTS[kind] : textsIn(kind.namespace);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState<Open>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  /** What takes focus once it is on screen: an item, a button, or `heading` (one object per request). */
  const [focusRequest, setFocusRequest] = useState<{ target: string } | null>(null);
  const handledRequest = useRef<{ target: string } | null>(null);
  const elementId = (key: string) => `${id}-${key}`;

  // A saved item is focused once the list read again holds it (it may take a moment): each
  // render after the list arrives looks again until the request is served.
  useEffect(() => {
    if (!focusRequest || handledRequest.current === focusRequest) return;
    const { target } = focusRequest;
    const element =
      target === 'heading' ? headingRef.current : document.getElementById(elementId(target));
    if (!element) return;
    element.focus();
    handledRequest.current = focusRequest;
  });

  function finish(from: string, change?: Announcement & { item?: T }) {
    setOpen(null);
    if (change) setAnnouncement({ message: change.message, details: change.details });
    setFocusRequest({ target: change ? (change.item?._id ?? 'heading') : from });
  }

  return (
    <section className={styles.section} aria-labelledby={elementId('title')}>
      <h5 id={elementId('title')} ref={headingRef} tabIndex={-1} className={styles.title}>
        {t(keys.title)}
      </h5>
      {/* The details live inside the status region, so they are read out with the message. */}
      <div role="status" className={styles.status}>
        {announcement && <p>{announcement.message}</p>}
        {announcement?.details && (
          <div className={styles.matches}>
            <p className={styles.name}>{announcement.details.title}</p>
            <ul>
              {announcement.details.lines.map((line) => (
                <li key={line.id}>{line.text}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <QueryListState
        query={query}
        texts={{
          loadFailed: t(keys.loadFailed),
          loading: t('loading'),
          empty: t(keys.none),
        }}
        styles={styles}
      >
        {(items) => (
          <ul className={styles.items} aria-labelledby={elementId('title')}>
            {items.map((item) => (
              <li key={item._id} id={elementId(item._id)} tabIndex={-1} className={styles.item}>
                {renderSummary(item)}
                {open?.id === item._id ? (
                  renderPanel({ action: open.action, item }, (change) =>
                    finish(`${open.action}-${item._id}`, change),
                  )
                ) : (
                  <div className={styles.actions}>
                    {actions(item).map(({ action, label }) => (
                      <Button
                        key={action}
                        id={elementId(`${action}-${item._id}`)}
                        variant="secondary"
                        onClick={() => setOpen({ action, id: item._id })}
                      >
                        {label}
                      </Button>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryListState>
      {open?.action === 'add' && !open.id ? (
        renderPanel({ action: 'add' }, (change) => finish('add', change))
      ) : (
        <div className={styles.actions}>
          <Button id={elementId('add')} onClick={() => setOpen({ action: 'add' })}>
            {t(keys.add)}
          </Button>
          {moreActions}
        </div>
      )}
    </section>
  );
}
