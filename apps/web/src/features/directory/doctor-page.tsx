import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { addDays, isCalendarDate, toWallTime } from '@portal/shared/zoned-time';
import { useAppSelector } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { usePageTitle } from '../../lib/a11y/page-title.ts';
import { telHref } from '../../lib/config/public-config.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import type { SignInIntent } from '../../lib/session/sign-in-intent.ts';
import { ButtonLink } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import column from '../../ui/page-column.module.css';
import pageStyles from '../../ui/page.module.css';
import type { TDirectoryBooking } from '@portal/shared/booking';
import { BookingForm, EMPTY_DRAFT, type BookingDraft } from './booking-form.tsx';
import { BookingDone } from './booking-done.tsx';
import { useGetDoctorQuery, useGetDoctorSlotsQuery } from './directory-api.ts';
import { doctorPath } from './directory-paths.ts';
import { instantWhen } from './directory-text.ts';
import { DoctorFacts } from './doctor-card.tsx';
import { ListFailure } from './list-failure.tsx';
import { WEEK_DAYS, WeekSlots } from './week-slots.tsx';
import styles from './directory.module.css';

/**
 * `/find-doctor/:id`: a doctor's public profile and a week of their free times. Pressing a time
 * starts booking it: a guest is sent to sign in and comes back to the same time (the address
 * keeps the week and the time, `?from=&slot=`); a signed-in person fills in the booking form.
 */
export function DoctorPage() {
  const { t } = useTranslation('directory');
  const { id = '' } = useParams();
  const doctor = useGetDoctorQuery(id);
  usePageTitle(doctor.data?.name);
  const error = apiErrorOf(doctor.error);

  function body() {
    if (doctor.isError && error?.code === 'DOCTOR_NOT_FOUND')
      return (
        <>
          <h1 tabIndex={-1}>{t('findDoctor.title')}</h1>
          <p className={alert.danger} role="alert">
            {t('doctor.notFound')}
          </p>
        </>
      );
    if (doctor.isError)
      return (
        <>
          <h1 tabIndex={-1}>{t('findDoctor.title')}</h1>
          <ListFailure error={doctor.error} onRetry={() => void doctor.refetch()} />
        </>
      );
    if (!doctor.data)
      return (
        <>
          <h1 tabIndex={-1}>{t('findDoctor.title')}</h1>
          <p role="status">{t('doctor.loading')}</p>
        </>
      );
    return <Profile />;
  }

  return (
    <div className={column.column}>
      <div className={`${pageStyles.card} ${styles.page}`}>
        <p className={styles.back}>
          <Link to="/find-doctor">{t('doctor.back')}</Link>
        </p>
        {body()}
      </div>
    </div>
  );
}

function Profile() {
  const { t, i18n } = useTranslation('directory');
  const { id = '' } = useParams();
  const { data: doctor } = useGetDoctorQuery(id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isSignedIn = useAppSelector((state) => state.auth.status);
  const [params, setParams] = useSearchParams();
  const fromParam = params.get('from') ?? '';
  const from = isCalendarDate(fromParam) ? fromParam : undefined;
  const chosen = params.get('slot') ?? undefined;
  const slots = useGetDoctorSlotsQuery({
    id,
    ...(from && { from, to: addDays(from, WEEK_DAYS - 1) }),
  });
  const [draft, setDraft] = useState<BookingDraft>(EMPTY_DRAFT);
  const [booked, setBooked] = useState<TDirectoryBooking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { ref: noticeRef, request: focusNotice } = useFocusAfterRender<HTMLParagraphElement>();
  const panelRef = useRef<HTMLDivElement>(null);
  const { ref: timesRef, request: focusTimes } = useFocusAfterRender<HTMLHeadingElement>();
  const timeZone = slots.data?.timeZone;
  const firstDay = timeZone ? toWallTime(new Date(), timeZone).date : undefined;

  // A time chosen (here, from a card, or back from signing in): its form takes focus, or for a
  // guest the way in through sign-in, which on a phone is below the profile.
  useEffect(() => {
    if (chosen) panelRef.current?.querySelector('h2')?.focus();
  }, [chosen, isSignedIn]);

  if (!doctor) return null;
  const goTo = (change: { from?: string; slot?: string }, replace = false) =>
    setParams(
      new URLSearchParams({
        ...((change.from ?? from) && { from: change.from ?? from! }),
        ...(change.slot && { slot: change.slot }),
      }),
      { replace },
    );

  function choose(start: string) {
    setNotice(null);
    setBooked(null);
    if (!isSignedIn) {
      const week = from ?? slots.data?.days[0]?.date;
      const returnTo = `${pathname}?${new URLSearchParams({ ...(week && { from: week }), slot: start }).toString()}`;
      const intent: SignInIntent = { returnTo, reason: 'booking' };
      void navigate('/login', { state: intent });
      return;
    }
    goTo({ slot: start });
  }

  const when = chosen && timeZone ? instantWhen(chosen, timeZone, i18n.language) : '';
  const phone = doctor.facility?.phone;

  return (
    <>
      <h1 tabIndex={-1}>{doctor.name}</h1>
      <DoctorFacts doctor={doctor} />
      {doctor.bio && (
        <section aria-labelledby="doctor-about">
          <h2 id="doctor-about">{t('doctor.about')}</h2>
          <p className={styles.bio} dir="auto">
            {doctor.bio}
          </p>
        </section>
      )}
      <p className={styles.booking} data-booking={doctor.onlineBooking}>
        {t(`onlineBooking.${doctor.onlineBooking}`)}
      </p>
      {doctor.onlineBooking === 'off' ? (
        <p>
          {t('doctor.offline')}{' '}
          {phone && (
            <a href={telHref(phone)}>
              {t('doctor.call')} <span dir="ltr">{phone}</span>
            </a>
          )}
        </p>
      ) : (
        <>
          <p
            ref={noticeRef}
            tabIndex={-1}
            role="alert"
            className={[alert.slot, notice && alert.danger].filter(Boolean).join(' ')}
          >
            {notice}
          </p>
          <div ref={panelRef}>
            {booked ? (
              <BookingDone
                booking={booked}
                timeZone={timeZone ?? 'UTC'}
                onAgain={() => {
                  setBooked(null);
                  focusTimes();
                }}
              />
            ) : (
              chosen &&
              (isSignedIn ? (
                <BookingForm
                  key={chosen}
                  doctor={doctor}
                  start={chosen}
                  when={when}
                  draft={draft}
                  onDraft={setDraft}
                  onBooked={(booking) => {
                    setBooked(booking);
                    setDraft(EMPTY_DRAFT);
                    goTo({}, true);
                  }}
                  onSlotTaken={() => {
                    setNotice(t('book.errors.slotTaken'));
                    goTo({}, true);
                    void slots.refetch();
                    focusNotice();
                  }}
                  onOtherTime={() => {
                    goTo({}, true);
                    focusTimes();
                  }}
                />
              ) : (
                <GuestPrompt when={when} returnTo={doctorPath(id, { from, slot: chosen })} />
              ))
            )}
          </div>
          <WeekSlots
            slots={slots.data}
            isFetching={slots.isFetching}
            error={slots.isError ? slots.error : undefined}
            onRetry={() => void slots.refetch()}
            firstDay={firstDay}
            onWeek={(week) => goTo({ from: week })}
            chosen={chosen}
            onChoose={choose}
            headingRef={timesRef}
          />
        </>
      )}
    </>
  );
}

/** A guest who came to a time (from a card): booking it begins with signing in. */
function GuestPrompt({ when, returnTo }: { when: string; returnTo: string }) {
  const { t } = useTranslation('directory');
  const intent: SignInIntent = { returnTo, reason: 'booking' };
  return (
    <section className={styles.bookingForm} aria-labelledby="guest-book">
      <h2 id="guest-book" tabIndex={-1}>
        {t('book.title')}
      </h2>
      {when && <p className={styles.bookingWhen}>{when}</p>}
      <ButtonLink to="/login" state={intent}>
        {t('book.signIn')}
      </ButtonLink>
    </section>
  );
}
