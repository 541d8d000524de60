import { z } from 'zod';
import { calendarDay } from './day-fields.ts';
import { EMAIL, EMAIL_MAX } from './email.ts';

/**
 * A person's access to one patient record: the practitioner invites with a one-time code, the
 * person accepts it and is then linked to the record as `self`, a parent or guardian, or a carer.
 */
export const LINK_RELATIONSHIPS = ['self', 'parent-or-guardian', 'carer'] as const;
export type TLinkRelationship = (typeof LINK_RELATIONSHIPS)[number];

export const PATIENT_ACCESS_MESSAGES = {
  relationshipInvalid:
    'Choose how the person stands to the patient: self, parent or guardian, or carer.',
  emailInvalid: 'Enter a valid e-mail address, or leave it empty.',
  codeInvalid: 'This invitation link is not valid.',
  birthDateInvalid: 'Enter the date of birth as YYYY-MM-DD.',
} as const;

export const PATIENT_ACCESS_LIMITS = {
  /** How long an invitation can be accepted. */
  invitationDays: 7,
  /** Failed tries (wrong person, wrong date of birth) that end an invitation. */
  failedTriesMax: 5,
  /** Looks and tries at invitation codes, per user and minute. */
  triesPerMinute: 10,
} as const;

/** 32 random bytes, base64url: 43 characters. */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const ZRelationship = z
  .enum(LINK_RELATIONSHIPS, { error: PATIENT_ACCESS_MESSAGES.relationshipInvalid })
  .describe('How the linked person stands to the patient');

/** A code as typed or pasted: anything else than the 43 characters of a code is simply unknown. */
export const ZInvitationCode = z
  .string({ error: PATIENT_ACCESS_MESSAGES.codeInvalid })
  .min(1, { error: PATIENT_ACCESS_MESSAGES.codeInvalid })
  .max(200, { error: PATIENT_ACCESS_MESSAGES.codeInvalid })
  .describe('The invitation’s code, as in the last segment of its `/join/{code}` link');

/** `POST /api/records/patients/{id}/invitation`. */
export const ZInvitationInput = z.strictObject({
  relationship: ZRelationship,
  email: z
    .string({ error: PATIENT_ACCESS_MESSAGES.emailInvalid })
    .trim()
    .max(EMAIL_MAX, { error: PATIENT_ACCESS_MESSAGES.emailInvalid, abort: true })
    .refine((email) => email === '' || EMAIL.test(email), {
      error: PATIENT_ACCESS_MESSAGES.emailInvalid,
    })
    .optional()
    .describe(
      'Where the invitation is e-mailed (when the portal sends e-mail); its verified owner accepts without a date of birth. Empty or absent: the code is handed over in person',
    ),
});
export type TInvitationInput = z.input<typeof ZInvitationInput>;

/** The invitation, shown once: the code is never stored and cannot be asked for again. */
export const ZCreatedInvitation = z.object({
  code: z.string().describe('The one-time code (43 characters); shown once, never stored'),
  url: z.string().describe('The link to hand over: `{origin}/join/{code}`'),
  expiresAt: z.string().describe('When the code stops working (UTC, 7 days after it was made)'),
});
export type TCreatedInvitation = z.infer<typeof ZCreatedInvitation>;

export const ACCESS_STATES = ['not-invited', 'invited', 'linked', 'ended'] as const;
export type TAccessState = (typeof ACCESS_STATES)[number];

/** `GET /api/records/patients/{id}/access`: who can see the record, as the practitioner sees it. */
export const ZPatientAccess = z.object({
  state: z
    .enum(ACCESS_STATES)
    .describe(
      '`linked`: someone has a live link; else `invited`: an open invitation; else `ended`: links or invitations there were; else `not-invited`',
    ),
  invitation: z
    .object({
      relationship: ZRelationship,
      email: z.string().nullable(),
      expiresAt: z.string(),
      createdAt: z.string(),
    })
    .nullable()
    .describe('The open invitation, if any'),
  links: z
    .array(
      z.object({
        _id: z.uuid(),
        name: z.string().describe('The linked person’s account name'),
        email: z.string().describe('The linked person’s account e-mail'),
        relationship: ZRelationship,
        createdAt: z.string(),
        endedAt: z.string().nullable().describe('When the link ended; null while it is live'),
      }),
    )
    .describe('Everyone who is or was linked, newest first'),
});
export type TPatientAccess = z.infer<typeof ZPatientAccess>;

const ZPractitioner = z
  .object({ name: z.string(), practiceName: z.string().nullable() })
  .describe('The practitioner who keeps the record, and their practice’s name');

/** `GET /api/me/invitations/{code}`: what the join page shows before accepting. */
export const ZInvitationPreview = z.object({
  practitioner: ZPractitioner,
  relationship: ZRelationship,
  expiresAt: z.string(),
  needsBirthDate: z
    .boolean()
    .describe(
      'True unless the signed-in account’s verified e-mail is the invitation’s: then the record’s date of birth must be given',
    ),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/** `POST /api/me/links`. */
export const ZLinkInput = z.strictObject({
  code: ZInvitationCode,
  birthDate: calendarDay(PATIENT_ACCESS_MESSAGES.birthDateInvalid)
    .optional()
    .describe('The patient’s date of birth (YYYY-MM-DD), when the e-mail does not match'),
});
export type TLinkInput = z.input<typeof ZLinkInput>;

export const ZCreatedLink = z.object({
  _id: z.uuid(),
  patientId: z.uuid(),
  relationship: ZRelationship,
  practitioner: ZPractitioner,
});
export type TCreatedLink = z.infer<typeof ZCreatedLink>;

/** `GET /api/me/links`: the signed-in person's live links. */
export const ZMyLinks = z.object({
  items: z.array(
    z.object({
      _id: z.uuid(),
      patientId: z.uuid(),
      patientName: z.string(),
      relationship: ZRelationship,
      createdAt: z.string(),
      practitioner: ZPractitioner,
    }),
  ),
});
export type TMyLinks = z.infer<typeof ZMyLinks>;
