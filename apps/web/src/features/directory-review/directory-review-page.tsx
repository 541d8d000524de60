import { useState } from 'react';
import { Navigate } from 'react-router';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TReviewItem, TReviewKind } from '@portal/shared/directory-review';
import { displayPhone } from '@portal/shared/phone';
import { useAppSelector } from '../../app/hooks.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { DoctorCard } from '../../ui/directory/doctor-card.tsx';
import pageStyles from '../../ui/page.module.css';
import {
  useApproveReviewItemMutation,
  useGetReviewQueueQuery,
  useRejectReviewItemMutation,
} from './review-api.ts';
import { RejectDialog } from './reject-dialog.tsx';
import styles from './directory-review.module.css';

const nameOf = (item: TReviewItem) =>
  item.kind === 'listings' ? item.doctor.name : item.facility.name;
/** The page's own words for the refusals it expects; anything else is 'failures.other'. */
const FAILURES: Record<string, string> = {
  REVIEW_ITEM_NOT_FOUND: 'failures.gone',
  REVIEW_ITEM_CHANGED: 'failures.changed',
};

const headingIdOf = (kind: TReviewKind) => `review-${kind}`;
const decideButtonId = (item: TReviewItem, action: 'approve' | 'reject') =>
  `review-${action}-${item._id}`;

/**
 * `/directory/review`: what waits for a directory reviewer, listings (their public card with the
 * account's e-mail and the Practice section's registration number) and facilities (with their
 * owner), each with Approve and Reject (a reason the owner reads). Reached only by users whose
 * answer says `isDirectoryReviewer`; anyone else meets the 404 page, as the API answers them.
 */
export function DirectoryReviewPage() {
  const isReviewer = useAppSelector((state) => state.auth.userData?.isDirectoryReviewer === true);
  if (!isReviewer) return <Navigate to="/not-found" replace />;
  return <ReviewQueue />;
}

function ReviewQueue() {
  const { t } = useTranslation('directoryReview');
  usePageTitle(t('title'));
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const queue = useGetReviewQueueQuery({ viewer });
  const [approve, approving] = useApproveReviewItemMutation();
  const [reject, rejecting] = useRejectReviewItemMutation();
  const [rejected, setRejected] = useState<TReviewItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function decide(item: TReviewItem, reason: string | null) {
    setFailure(null);
    const args = { kind: item.kind, id: item._id, updatedAt: item.updatedAt };
    const result = reason === null ? await approve(args) : await reject({ ...args, reason });
    if ('error' in result) {
      const code = ((result.error as FetchBaseQueryError).data as { code?: string } | undefined)
        ?.code;
      setFailure(t(FAILURES[code ?? ''] ?? 'failures.other'));
      return false;
    }
    announce(t(reason === null ? 'approved' : 'rejected', { name: nameOf(item) }));
    document.getElementById(headingIdOf(item.kind))?.focus();
    return true;
  }

  const items = queue.data;
  const listings = items?.filter((item) => item.kind === 'listings') ?? [];
  const facilities = items?.filter((item) => item.kind === 'facilities') ?? [];

  return (
    <article className={`${pageStyles.card} ${styles.page}`} aria-labelledby="review-title">
      <h1 id="review-title">{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      {items === undefined ? (
        queue.isError ? (
          <div role="alert" className={styles.failure}>
            <p>{t('loadFailed')}</p>
            <Button variant="secondary" onClick={() => void queue.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <p role="status" className={styles.muted}>
            {t('loading')}
          </p>
        )
      ) : (
        (['listings', 'facilities'] as const).map((kind) => {
          const ofKind = kind === 'listings' ? listings : facilities;
          return (
            <section key={kind} aria-labelledby={headingIdOf(kind)} className={styles.group}>
              <h2 id={headingIdOf(kind)} tabIndex={-1}>
                {t(`${kind}.title`, { number: ofKind.length })}
              </h2>
              {ofKind.length === 0 ? (
                <p className={styles.muted}>{t(`${kind}.empty`)}</p>
              ) : (
                <ul className={styles.items}>
                  {ofKind.map((item) => (
                    <li key={item._id} className={styles.item}>
                      <ReviewItemDetails item={item} />
                      <div className={styles.actions}>
                        <Button
                          id={decideButtonId(item, 'approve')}
                          aria-disabled={approving.isLoading || undefined}
                          aria-label={t('approveLabel', { name: nameOf(item) })}
                          onClick={() => void (approving.isLoading || decide(item, null))}
                        >
                          {t('approve')}
                        </Button>
                        <Button
                          id={decideButtonId(item, 'reject')}
                          variant="danger"
                          aria-haspopup="dialog"
                          aria-label={t('rejectLabel', { name: nameOf(item) })}
                          onClick={() => setRejected(item)}
                        >
                          {t('reject.open')}
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      {rejected && (
        <RejectDialog
          name={nameOf(rejected)}
          isBusy={rejecting.isLoading}
          onCancel={() => {
            setRejected(null);
            document.getElementById(decideButtonId(rejected, 'reject'))?.focus();
          }}
          onReject={(reason) =>
            void decide(rejected, reason).then((isDone) => {
              setRejected(null);
              if (!isDone) document.getElementById(decideButtonId(rejected, 'reject'))?.focus();
            })
          }
        />
      )}
    </article>
  );
}

function ReviewItemDetails({ item }: { item: TReviewItem }) {
  const { t, i18n } = useTranslation('directoryReview');
  const changed = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(item.updatedAt),
  );
  const missing = <span className={styles.missing}>{t('notGiven')}</span>;
  if (item.kind === 'listings') {
    const { doctor, account } = item;
    return (
      <>
        <DoctorCard doctor={{ ...doctor, facilityName: doctor.facility?.name ?? null }} />
        <dl className={styles.facts}>
          <div>
            <dt>{t('registrationNumber')}</dt>
            <dd>
              {account.registrationNumber ? <bdi>{account.registrationNumber}</bdi> : missing}
            </dd>
          </div>
          <div>
            <dt>{t('email')}</dt>
            <dd>
              <bdi>{account.email}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('practice')}</dt>
            <dd dir="auto">{account.practiceName ?? missing}</dd>
          </div>
          <div>
            <dt>{t('changed')}</dt>
            <dd>{changed}</dd>
          </div>
        </dl>
      </>
    );
  }
  const { facility, owner } = item;
  return (
    <>
      <h3 className={styles.itemTitle}>
        <bdi>{facility.name}</bdi>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('kind')}</dt>
          <dd>{t(`kinds.${facility.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('address')}</dt>
          <dd className={styles.lines}>
            <bdi>{facility.address}</bdi>
            {'\n'}
            <bdi>{facility.city}</bdi>,{' '}
            <bdi>
              {new Intl.DisplayNames([i18n.language], { type: 'region' }).of(facility.country) ??
                facility.country}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('phone')}</dt>
          <dd>
            {facility.phone ? (
              <bdi dir="ltr">{displayPhone(facility.phone, facility.country)}</bdi>
            ) : (
              missing
            )}
          </dd>
        </div>
        <div>
          <dt>{t('owner')}</dt>
          <dd>
            <bdi>{owner.name}</bdi> (<bdi>{owner.email}</bdi>)
          </dd>
        </div>
        <div>
          <dt>{t('changed')}</dt>
          <dd>{changed}</dd>
        </div>
      </dl>
    </>
  );
}
