import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { announce, announceWithNextPage } from '../../lib/a11y/announcer.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import pageStyles from '../../ui/page.module.css';
import column from '../../ui/page-column.module.css';
import section from '../../ui/section.module.css';
import { AccessLogSection } from './access-log-section.tsx';
import type { TMyLink } from './api-types.ts';
import {
  useGetMyFhirRecordMutation,
  useGetMyLinksQuery,
  useLeaveLinkMutation,
} from './my-health-api.ts';
import { CorrectionsSection } from './corrections-section.tsx';
import { RecordSections } from './record-sections.tsx';
import { isolated, refusalOf } from './refusal.ts';
import styles from './my-health.module.css';

/** The web address of one linked record. */
export const myHealthPath = (patientId?: string) =>
  patientId ? `/my-health/${encodeURIComponent(patientId)}` : '/my-health';

/**
 * `/my-health` and `/my-health/:patientId`: what a linked person sees of their care. With one
 * linked record the page is that record; with several, a choice of them first.
 */
export function MyHealthPage() {
  const { t } = useTranslation('myHealth');
  const { patientId } = useParams();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const links = useGetMyLinksQuery({ viewer });
  const items = links.currentData;

  let content;
  if (links.isError && !links.isFetching)
    content = <p className={alert.danger}>{t('page.loadFailed')}</p>;
  else if (!items) content = <p className={section.muted}>{t('page.loading')}</p>;
  else if (items.length === 0) content = <p>{t('page.none')}</p>;
  else {
    const chosen = patientId
      ? items.find((link) => link.patientId === patientId)
      : items.length === 1
        ? items[0]
        : undefined;
    if (chosen) return <LinkedRecord link={chosen} />;
    content = patientId ? (
      <p className={alert.danger}>{t('refusals.LINK_NOT_FOUND')}</p>
    ) : (
      <Choice links={items} />
    );
  }
  return (
    <div className={column.column}>
      <div className={styles.page}>
        <h1 tabIndex={-1}>{t('page.title')}</h1>
        {content}
      </div>
    </div>
  );
}

function Choice({ links }: { links: readonly TMyLink[] }) {
  const { t } = useTranslation('myHealth');
  return (
    <>
      <p>{t('page.choose')}</p>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link._id} className={styles.card}>
            <Link to={myHealthPath(link.patientId)}>
              <bdi>{link.patientName}</bdi>
            </Link>
            <p className={styles.hint}>
              {t('page.linkAs', {
                relationship: t(`relationship.${link.relationship}`),
                practitioner: isolated(link.practitioner.practiceName ?? link.practitioner.name),
              })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One linked record: its sections, the FHIR download and Leave. */
function LinkedRecord({ link }: { link: TMyLink }) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  const navigate = useNavigate();
  const [isConfirmingLeave, setConfirmingLeave] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [leave, leaving] = useLeaveLinkMutation();
  const [download, downloading] = useGetMyFhirRecordMutation();
  const { ref: confirmRef, request: focusConfirm } = useFocusAfterRender<HTMLButtonElement>();
  const { ref: leaveRef, request: focusLeave } = useFocusAfterRender<HTMLButtonElement>();
  usePageTitle(t('page.recordTitle', { name: link.patientName }));

  async function saveRecord() {
    if (downloading.isLoading) return;
    setFailure(null);
    try {
      const bundle = await download({ patientId: link.patientId }).unwrap();
      const file = new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' });
      const url = URL.createObjectURL(file);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `health-record-${link.patientId}.json`;
      anchor.click();
      URL.revokeObjectURL(url);
      announce(t('page.downloaded'));
    } catch (error) {
      setFailure(t(`refusals.${refusalOf(error).code}`, { phone: '' }));
    }
  }

  async function confirmLeave() {
    if (leaving.isLoading) return;
    setFailure(null);
    try {
      await leave({ linkId: link._id }).unwrap();
      announceWithNextPage(t('page.left', { name: link.patientName }));
      void navigate('/my-health', { replace: true });
    } catch (error) {
      setFailure(t(`refusals.${refusalOf(error).code}`, { phone: '' }));
    }
  }

  return (
    <div className={column.column}>
      <div className={styles.page}>
        <h1 tabIndex={-1}>{t('page.recordTitle', { name: link.patientName })}</h1>
        <p className={styles.hint}>
          {t('page.linkAs', {
            relationship: t(`relationship.${link.relationship}`),
            practitioner: isolated(link.practitioner.practiceName ?? link.practitioner.name),
          })}
        </p>
        {/* A new conversation with the practice about this record (features/messages). */}
        <p className={styles.hint}>
          <ButtonLink
            variant="secondary"
            to={`/messages/new?patientId=${encodeURIComponent(link.patientId)}`}
            state={{ patientName: link.patientName }}
          >
            {t('page.message')}
          </ButtonLink>
        </p>
        <RecordSections patientId={link.patientId} />
        <CorrectionsSection patientId={link.patientId} practitioner={link.practitioner.name} />
        <AccessLogSection patientId={link.patientId} />
        <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={`${id}-own`}>
          <h2 id={`${id}-own`}>{t('page.yourData')}</h2>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              aria-disabled={downloading.isLoading || undefined}
              onClick={() => void saveRecord()}
            >
              {downloading.isLoading ? t('page.downloading') : t('page.download')}
            </Button>
            {!isConfirmingLeave && (
              <Button
                ref={leaveRef}
                variant="danger"
                onClick={() => {
                  setConfirmingLeave(true);
                  focusConfirm();
                }}
              >
                {t('page.leave')}
              </Button>
            )}
          </div>
          {isConfirmingLeave && (
            <div className={styles.confirm} role="group" aria-labelledby={`${id}-leave`}>
              <p id={`${id}-leave`}>{t('page.leaveQuestion', { name: link.patientName })}</p>
              <div className={styles.actions}>
                <Button
                  ref={confirmRef}
                  variant="danger"
                  aria-disabled={leaving.isLoading || undefined}
                  onClick={() => void confirmLeave()}
                >
                  {t('page.leaveConfirm')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setConfirmingLeave(false);
                    focusLeave();
                  }}
                >
                  {t('page.leaveKeep')}
                </Button>
              </div>
            </div>
          )}
          {failure && (
            <p role="alert" className={alert.danger}>
              {failure}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
