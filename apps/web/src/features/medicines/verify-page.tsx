import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { selectIsSignedIn } from '../../lib/session/auth-slice.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import { useVerifyPrescriptionQuery } from './medicines-api.ts';
import type { TPrescriptionVerification } from './medicines-types.ts';
import { DispenseByToken } from './dispense-by-token.tsx';
import { statusTextOf } from './status-text.ts';
import styles from './medicines.module.css';

/**
 * `/verify/:token`, public: what a pharmacist needs to trust a prescription (what, how, who
 * prescribed it, the patient's initials and age, its state) and how many times it was checked,
 * so a copy that is used again stands out. The staff of an approved pharmacy mark it dispensed
 * here. The token is in the address only: the page's heading and title never name it, and the
 * page sends no referrer, so no other request carries it.
 */
export function VerifyPage() {
  const { t } = useTranslation('medicines');
  const { token = '' } = useParams();
  const query = useVerifyPrescriptionQuery(token, { skip: !token });
  const error = query.isError && !query.isFetching ? apiErrorOf(query.error) : undefined;

  let content: ReactNode;
  if (query.isError && !query.isFetching) {
    const code = error?.code;
    if (code === 'PRESCRIPTION_TOKEN_INVALID' || code === 'VALIDATION_FAILED' || !token)
      content = <NotVerified />;
    else
      content = (
        <div className={alert.dangerWithAction} role="alert">
          <p>{t(code === 'RATE_LIMITED' ? 'verify.busy' : 'verify.failed')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('verify.retry')}
          </Button>
        </div>
      );
  } else if (!query.currentData) content = <p role="status">{t('verify.loading')}</p>;
  else content = <Verification token={token} verification={query.currentData} />;

  return (
    <div className={column.column}>
      {/* The address holds the token: no request made from this page says where it came from. */}
      <meta name="referrer" content="no-referrer" />
      <article className={`${pageStyles.card} ${styles.page}`} aria-labelledby="verify-title">
        <h1 id="verify-title" tabIndex={-1}>
          {t('verify.title')}
        </h1>
        {content}
      </article>
    </div>
  );
}

function NotVerified() {
  const { t } = useTranslation('medicines');
  return (
    <div className={styles.refused} role="alert">
      <h2>{t('verify.invalid.title')}</h2>
      <p>{t('verify.invalid.text')}</p>
      <p>{t('verify.invalid.advice')}</p>
    </div>
  );
}

function Verification({
  token,
  verification: v,
}: {
  token: string;
  verification: TPrescriptionVerification;
}) {
  const { t, i18n } = useTranslation('medicines');
  const language = i18n.language;
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const statusId = useId();
  const state = statusTextOf(v, t, language);
  const isReused = v.verificationCount > 1;
  return (
    <>
      <p id={statusId} className={`${styles.status} ${styles[state.tone]}`}>
        <strong>{state.title}</strong>
        {state.detail && <span>{state.detail}</span>}
      </p>
      <p className={isReused ? styles.reused : styles.muted}>
        {isReused ? (
          <>
            <strong>
              {t('verify.count', {
                count: v.verificationCount,
                number: formatNumber(v.verificationCount, language),
              })}
            </strong>{' '}
            {t('verify.reused')}
          </>
        ) : (
          t('verify.firstCheck')
        )}
      </p>
      <dl className={styles.facts}>
        <Fact label={t('fields.medication')}>
          <strong>
            <bdi>{v.medication}</bdi>
          </strong>
        </Fact>
        {v.strength && (
          <Fact label={t('fields.strength')}>
            <bdi>{v.strength}</bdi>
          </Fact>
        )}
        <Fact label={t('fields.dose')}>
          <bdi>{v.dose}</bdi>
        </Fact>
        <Fact label={t('fields.route')}>{t(`route.${v.route}`)}</Fact>
        <Fact label={t('fields.frequency')}>
          <bdi>{v.frequency}</bdi>
        </Fact>
        {(v.duration || v.endDate) && (
          <Fact label={t('fields.duration')}>
            {v.duration ? (
              <bdi>{v.duration}</bdi>
            ) : (
              t('verify.until', { date: formatDay(v.endDate, language) })
            )}
          </Fact>
        )}
        <Fact label={t('fields.prescribedOn')}>{formatDay(v.prescribedOn, language)}</Fact>
        <Fact label={t('fields.prescriber')}>
          <bdi>{v.prescriber.name}</bdi>
          {v.prescriber.practiceName && (
            <>
              <br />
              <bdi>{v.prescriber.practiceName}</bdi>
            </>
          )}
        </Fact>
        <Fact label={t('fields.patient')}>
          <bdi>{v.patient.initials}</bdi>
          {v.patient.age !== null && (
            <>
              <br />
              {t('verify.age', {
                count: v.patient.age,
                age: formatNumber(v.patient.age, language),
              })}
            </>
          )}
        </Fact>
      </dl>
      <p className={styles.muted}>{t('verify.privacy')}</p>
      {isSignedIn && <DispenseByToken token={token} verification={v} />}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
