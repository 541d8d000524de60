import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import pageStyles from '../../ui/page.module.css';
import { useLiveMessages } from './live-messages.ts';
import { useListThreadsQuery, type Box } from './messages-api.ts';
import { ThreadList } from './thread-list.tsx';
import styles from './messages.module.css';

const BOXES: Box[] = ['mine', 'support'];

/**
 * `/messages`: the reader's conversations. Support staff also get the "Support desk" tab (every
 * support thread, members' marked): the API's user answer does not say who is staff, so the tab
 * shows when the desk's inbox answers, and nothing is said when it does not (everyone else). The
 * chosen tab is in the address (`?box=support`).
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [params, setParams] = useSearchParams();
  const desk = useListThreadsQuery({ viewer, box: 'support' });
  const hasDesk = desk.data !== undefined;
  const box: Box = hasDesk && params.get('box') === 'support' ? 'support' : 'mine';
  const tabs = useRef<Record<Box, HTMLButtonElement | null>>({ mine: null, support: null });
  useLiveMessages();

  const choose = (next: Box) =>
    setParams(next === 'support' ? { box: next } : {}, { replace: true });
  // The tabs' keys (WAI-ARIA tabs): arrows move and choose, Home and End go to the ends.
  const onTabKey = (event: KeyboardEvent) => {
    const index = BOXES.indexOf(box);
    const isRtl = document.documentElement.dir === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: isRtl ? -1 : 1,
      ArrowLeft: isRtl ? 1 : -1,
      Home: -index,
      End: BOXES.length - 1 - index,
    };
    if (!(event.key in step)) return;
    event.preventDefault();
    const next = BOXES[(index + step[event.key]! + BOXES.length) % BOXES.length]!;
    choose(next);
    tabs.current[next]?.focus();
  };

  return (
    <article className={`${pageStyles.card} ${styles.page}`} aria-labelledby="messages-title">
      <h1 id="messages-title">{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {hasDesk ? (
        <>
          <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs}>
            {BOXES.map((each) => (
              <button
                key={each}
                ref={(element) => {
                  tabs.current[each] = element;
                }}
                type="button"
                role="tab"
                id={`messages-tab-${each}`}
                aria-selected={box === each}
                aria-controls="messages-panel"
                tabIndex={box === each ? 0 : -1}
                className={styles.tab}
                onClick={() => choose(each)}
                onKeyDown={onTabKey}
              >
                {t(`tabs.${each}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="messages-panel" aria-labelledby={`messages-tab-${box}`}>
            <ThreadList key={box} box={box} />
          </div>
        </>
      ) : (
        <ThreadList box="mine" />
      )}
    </article>
  );
}
