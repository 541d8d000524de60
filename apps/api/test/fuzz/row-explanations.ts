import { explainCorrectionRows } from './corrections.ts';
import { TRACKED_TABLES, type ByTable, type DbState, type TrackedTable } from './db-state.ts';
import { explainKindRows } from './kinds.ts';
import { explainMedicineRows } from './medicines.ts';
import { explainMyHealthRows } from './my-health.ts';
import type { MedicinePools } from './medicines.ts';
import type { Outcome } from './requests.ts';
import { explainVisitRows } from './visits.ts';

/** Routes whose success changed the row their answer names (`_id`, or a checkout's `id`). */
const ROW_IN_ANSWER: Partial<Record<string, TrackedTable>> = {
  'POST /api/records/patients': 'patients',
  'POST /api/appointments': 'appointments',
  'POST /api/directory/doctors/{id}/bookings': 'appointments',
  'POST /api/premier/create-checkout-session': 'checkout_sessions',
};

/** Routes whose success changed the row their path's `{id}` names. */
const ROW_IN_PATH: Partial<Record<string, TrackedTable>> = {
  'PUT /api/records/patients/{id}': 'patients',
  'DELETE /api/records/patients/{id}': 'patients',
  'POST /api/records/patients/{id}/restore': 'patients',
  'PUT /api/appointments/{id}': 'appointments',
  'POST /api/appointments/{id}/cancel': 'appointments',
  'POST /api/appointments/{id}/confirm': 'appointments',
  'POST /api/appointments/{id}/decline': 'appointments',
  'POST /api/premier/local-checkout/{id}/cancel': 'checkout_sessions',
};

/** Which rows the successful requests of a batch may have changed. */
export function explainedRows(
  outcomes: Outcome[],
  after: DbState,
  medicines: MedicinePools,
): ByTable<Set<string>> {
  const rows = Object.fromEntries(
    TRACKED_TABLES.map((table) => [table, new Set<string>()]),
  ) as ByTable<Set<string>>;
  for (const { request, status, json } of outcomes) {
    if (status >= 400) continue;
    const answer = json as { _id?: string; id?: string; user?: { _id: string } } | undefined;
    const id = request.pathValues.id;
    const label = request.operation?.label ?? '';
    explainVisitRows(label, { json, body: request.body?.json }, rows);
    explainKindRows(label, request.pathValues, answer, rows);
    explainMyHealthRows(label, request.pathValues, rows);
    explainCorrectionRows(label, request.pathValues, answer, rows);
    explainMedicineRows(label, request.pathValues, answer, medicines, rows);
    const answered = answer?._id ?? answer?.id;
    const answeredTable = Object.hasOwn(ROW_IN_ANSWER, label) ? ROW_IN_ANSWER[label] : undefined;
    if (answeredTable && answered) rows[answeredTable].add(answered);
    const pathTable = Object.hasOwn(ROW_IN_PATH, label) ? ROW_IN_PATH[label] : undefined;
    if (pathTable && id) rows[pathTable].add(id);
    switch (label) {
      case 'POST /api/directory/doctors/{id}/bookings': {
        // The booker's record at that practice, when the booking made it (self-registered).
        const booked = after.appointments.find((appointment) => appointment.id === answered);
        if (booked) rows.patients.add(booked.patientId);
        break;
      }
      case 'POST /api/auth/login':
      case 'PUT /api/user/update-profile':
      case 'PUT /api/user/practice':
      case 'PUT /api/user/schedule':
      case 'PUT /api/user/subscription':
        if (answer?.user) rows.users.add(answer.user._id);
        break;
      case 'POST /api/calendar-feed':
      case 'DELETE /api/calendar-feed':
      case 'PUT /api/user/notice-preferences': {
        // The answer names no user: the token says whose row it was (any signed-in identity).
        const token = request.headers.authorization?.split(' ')[1] ?? '';
        try {
          const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
          const userId = after.userIdsByUid.get(`local:${sub}`);
          if (userId) rows.users.add(userId);
        } catch {
          // not a token: the request could not have succeeded
        }
        break;
      }
      case 'POST /api/premier/local-checkout/{id}/pay':
      case 'POST /api/premier/local-checkout/{id}/refund': {
        // Paying or a full refund: the transaction, the owner's premium flag, and the webhook
        // event Stripe would send, which the local provider records; paying also records a payment.
        if (!id) break;
        const isRefund = label.endsWith('/refund');
        rows.checkout_sessions.add(id);
        const session = after.sessions.find((s) => s.id === id);
        if (session) rows.users.add(session.userId);
        if (!isRefund)
          for (const payment of after.payments)
            if (payment.checkoutSessionId === id) rows.payments.add(payment.id);
        rows.webhook_events.add(isRefund ? `evt_local_refund_${id}` : `evt_local_${id}`);
        break;
      }
    }
  }
  return rows;
}
