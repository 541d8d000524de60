import { itemErrors } from './patient-kind.ts';
import { PATIENT_KINDS } from './patient-kinds.ts';

/**
 * The one table of API error codes. Services throw `new AppError('CODE')`; the API's error
 * handler turns the code into the status and message below; the web reads `message` and
 * `fieldErrors` from the JSON body `{ message, code, fieldErrors? }`.
 */
export const ERRORS = {
  // Each patient-owned kind's missing item (404) and stale version (409), e.g. ALLERGY_NOT_FOUND.
  ...itemErrors(PATIENT_KINDS),
  VALIDATION_FAILED: { status: 400, message: 'Invalid request. Please check your input.' },
  BAD_REQUEST: { status: 400, message: 'Invalid request. Please check your input.' },
  NOT_AUTHENTICATED: { status: 401, message: 'not authenticated' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to access this resource.' },
  NOT_FOUND: { status: 404, message: 'The requested resource could not be found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'The requested resource could not be found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  NOT_ACCEPTABLE: {
    status: 406,
    message: 'This address answers an event stream: send Accept: text/event-stream.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'There is a problem with the server. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
  VOICE_AGENT_MISMATCH: { status: 400, message: 'This voice agent is not available.' },
  VOICE_CALL_FAILED: {
    status: 502,
    message: 'The voice assistant could not start a call. Please try again later.',
  },
  VOICE_NOT_CONFIGURED: { status: 503, message: 'The voice assistant is not configured.' },
  VOICE_SIGNATURE_INVALID: {
    status: 401,
    message: 'The voice request signature is missing, invalid or too old.',
  },
  VOICE_CALL_NOT_BOUND: {
    status: 403,
    message: 'This voice call is not one the portal started, or it has ended.',
  },
  EMAIL_READ_ONLY: {
    status: 400,
    message: 'Your email address comes from your sign-in account and cannot be changed here.',
  },
  // Billing (Premier membership)
  AMOUNT_MISMATCH: { status: 400, message: 'The amount does not match the Premier price.' },
  PAYMENT_REQUIRED: {
    status: 402,
    message: 'No paid Premier checkout was found for this account. Premium was not activated.',
  },
  ALREADY_PREMIUM: { status: 409, message: 'You are already a Premium Member!' },
  /** Members-only routes (care plans, Today) to anyone who is not a Premier member. */
  PREMIUM_REQUIRED: {
    status: 402,
    message: 'This is a Premier feature. Become a Premium Member to use it.',
  },
  WEBHOOK_INVALID: {
    status: 400,
    message: 'The webhook signature is missing, invalid or too old.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Please try again later.',
  },
  // Transaction History
  TRANSACTION_NOT_FOUND: { status: 404, message: 'The transaction could not be found.' },
  TRANSACTION_NOT_REFUNDABLE: {
    status: 409,
    message: 'Only a paid transaction can be refunded.',
  },
  PATIENT_NOT_FOUND: { status: 404, message: 'The patient could not be found.' },
  PATIENT_CHANGED: {
    status: 409,
    message:
      'This patient was changed after you opened it. Reload to see the latest details, then make your changes again.',
  },
  APPOINTMENT_NOT_FOUND: { status: 404, message: 'The appointment could not be found.' },
  APPOINTMENT_CHANGED: {
    status: 409,
    message:
      'This appointment was changed after you opened it. Reload to see the latest details, then make your changes again.',
  },
  /** The body also carries `conflict` (appointment.ts, ZAppointmentConflict): its time and patient. */
  APPOINTMENT_CONFLICT: {
    status: 409,
    message: 'This time overlaps another live appointment of yours or of this patient.',
  },
  /** Confirm or decline of an appointment that is not (or no longer) a request. */
  APPOINTMENT_NOT_REQUESTED: {
    status: 409,
    message: 'This appointment is not a request waiting for an answer.',
  },
  /** Confirm of a request that has expired (its `requestExpiresAt` has passed). */
  APPOINTMENT_REQUEST_TOO_LATE: {
    status: 409,
    message: 'This request has expired and can no longer be confirmed.',
  },
  VISIT_NOT_FOUND: { status: 404, message: 'The visit could not be found.' },
  /** A stale `If-Match` on a visit: 412, since the client asked for that version only. */
  VISIT_CHANGED: {
    status: 412,
    message:
      'This visit was changed after you opened it. Reload to see the latest notes, then make your changes again.',
  },
  VISIT_SIGNED: {
    status: 409,
    message: 'This visit is signed and can no longer be changed. Add an addendum instead.',
  },
  VISIT_NOT_SIGNED: {
    status: 409,
    message: 'Only a signed visit takes addenda. Edit the visit itself until it is signed.',
  },
  APPOINTMENT_NOT_OPEN: {
    status: 409,
    message: 'This appointment was cancelled or missed, so a visit cannot close it.',
  },
  PRESCRIPTION_STOPPED: {
    status: 409,
    message: 'This prescription has been stopped and can no longer be changed.',
  },
  /** The body also carries `allergies` (prescription.ts, ZAllergyWarning): the matching allergies. */
  ALLERGY_WARNING: {
    status: 409,
    message:
      'This medication matches an active allergy of the patient. Confirm that you have considered it to save the prescription.',
  },
  REMINDER_NOT_FOUND: { status: 404, message: 'The reminder could not be found.' },
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation could not be found.' },
  INVITATION_EXPIRED: {
    status: 410,
    message: 'This invitation has expired. Ask your practitioner for a new one.',
  },
  INVITATION_USED: {
    status: 409,
    message:
      'This invitation has already been used or was withdrawn. Ask your practitioner for a new one.',
  },
  INVITATION_NOT_FOR_YOU: {
    status: 403,
    message:
      'This invitation is for someone else. Sign in with the e-mail address it was sent to, or enter the date of birth of the record.',
  },
  LINK_NOT_FOUND: { status: 404, message: 'This link to a patient record could not be found.' },
  OCCURRENCE_NOT_FOUND: {
    status: 404,
    message: 'This activity of the care plan does not occur on that day.',
  },
  OCCURRENCE_NOT_YET_DUE: {
    status: 409,
    message: 'This day has not come yet. Mark an activity done or skipped on its day or later.',
  },
  CARE_PLAN_LIMIT: {
    status: 409,
    message:
      'This patient already has 50 active care plans. Put one on hold or complete it before adding another active plan.',
  },
  /**
   * A linked patient cancelling inside the practice's cancellation notice. The body also carries
   * `phone` (the practice's, or null); the message then names it.
   */
  CANCELLATION_TOO_LATE: {
    status: 409,
    message: 'It is too late to cancel this appointment online. Please call the practice.',
  },
  CORRECTION_NOT_FOUND: { status: 404, message: 'This correction request could not be found.' },
  CORRECTION_ALREADY_ANSWERED: {
    status: 409,
    message: 'This correction request has already been answered.',
  },
  CORRECTION_LIMIT: {
    status: 409,
    message:
      'There are already 20 open correction requests for this record. Wait for an answer before asking again.',
  },
  // The directory: facilities, their staff, listings, the public directory and its review.
  FACILITY_NOT_FOUND: { status: 404, message: 'This facility could not be found.' },
  STAFF_NOT_FOUND: { status: 404, message: 'This staff member could not be found.' },
  STAFF_INVITATION_NOT_FOUND: { status: 404, message: 'This staff invitation could not be found.' },
  STAFF_INVITATION_EXPIRED: {
    status: 410,
    message: 'This staff invitation has expired. Ask the facility for a new one.',
  },
  STAFF_INVITATION_USED: {
    status: 409,
    message:
      'This staff invitation has already been used or was withdrawn, or you already work at this facility.',
  },
  STAFF_INVITATION_NOT_FOR_YOU: {
    status: 403,
    message:
      'This staff invitation is for someone else. Sign in with the verified e-mail address it was sent to.',
  },
  DOCTOR_NOT_FOUND: { status: 404, message: 'This doctor is not in the directory.' },
  DIRECTORY_FACILITY_NOT_FOUND: { status: 404, message: 'This facility is not in the directory.' },
  // Online booking from the directory (booking.ts).
  /** The body is only `{ message, code }`: nothing about who holds the time. */
  SLOT_TAKEN: { status: 409, message: 'This time has just been taken. Please choose another.' },
  BOOKING_REQUESTS_LIMIT: {
    status: 409,
    message:
      'You already have 3 booking requests waiting for an answer. Wait for an answer before asking again.',
  },
  /** A listed, approved practitioner whose online booking is off (404: there is nothing to book). */
  BOOKING_CLOSED: { status: 404, message: 'This doctor does not take bookings online.' },
  REVIEW_ITEM_NOT_FOUND: { status: 404, message: 'This listing or facility could not be found.' },
  REVIEW_ITEM_CHANGED: {
    status: 409,
    message:
      'This listing or facility was changed after you opened it. Read the new version before you decide.',
  },
  // Secure messages and the Support desk.
  THREAD_NOT_FOUND: { status: 404, message: 'This conversation could not be found.' },
  THREAD_CLOSED: {
    status: 409,
    message: 'This conversation is closed. Start a new one to write again.',
  },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'This attachment could not be found.' },
  ATTACHMENT_TOO_LARGE: {
    status: 413,
    message: 'This file is larger than 10 MB. Please attach a smaller file.',
  },
  ATTACHMENT_QUOTA_EXCEEDED: {
    status: 413,
    message:
      'You have used all the storage space for your attachments. Files you uploaded but did not send are removed after 24 hours.',
  },
  ATTACHMENT_TYPE_NOT_ALLOWED: {
    status: 415,
    message: 'Only PDF documents and JPEG or PNG pictures can be attached.',
  },
  // Video visits.
  /** Not a video appointment, not booked (or arrived, fulfilled), or outside its join window. */
  VIDEO_NOT_OPEN: {
    status: 409,
    message:
      'This video visit is not open: it opens 10 minutes before the appointment and closes 30 minutes after its end.',
  },
  PRESCRIPTION_TOKEN_INVALID: {
    status: 404,
    message: 'This prescription could not be verified. Check the code or ask the prescriber.',
  },
  PRESCRIPTION_ALREADY_DISPENSED: {
    status: 409,
    message: 'This prescription has already been dispensed.',
  },
  PRESCRIPTION_DISPENSED_LOCKED: {
    status: 409,
    message:
      'This prescription has been dispensed by a pharmacy, so what was handed out can no longer be changed. Stop it, or write a new prescription.',
  },
  PRESCRIPTION_NOT_DISPENSABLE: {
    status: 409,
    message: 'This prescription has been stopped or has expired and cannot be dispensed.',
  },
  PRESCRIPTION_NOT_ACTIVE: {
    status: 409,
    message: 'Only an active prescription can be sent to a pharmacy.',
  },
  PHARMACY_NOT_FOUND: { status: 404, message: 'This pharmacy could not be found.' },
  REFILL_NOT_ALLOWED: {
    status: 409,
    message: 'A refill can be asked for an active or completed prescription only.',
  },
  REFILL_ALREADY_OPEN: {
    status: 409,
    message: 'A refill of this prescription has already been asked for.',
  },
  REFILL_REQUEST_NOT_FOUND: { status: 404, message: 'This refill request could not be found.' },
  REFILL_ALREADY_ANSWERED: {
    status: 409,
    message: 'This refill request has already been answered.',
  },
  INVALID_CURSOR: {
    status: 400,
    message: 'This page link is no longer valid. Start again from the first page.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERRORS;

export interface TApiError {
  message: string;
  code: string;
  fieldErrors?: Record<string, string>;
}
