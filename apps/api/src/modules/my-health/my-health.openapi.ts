import { ZApiError } from '../../lib/api-error-schema.ts';

/*
 * The OpenAPI words of the link gate (linked-patient.ts), shared by every route under
 * `/api/me/patients/{patientId}`, so each says the same of who may call it.
 */

export const MY_HEALTH_TAGS = ['my-health'];

export const LINK_GATE =
  "Only for a signed-in person with a live link to the record (not ended, the record not in the trash): anyone else gets 404 `LINK_NOT_FOUND`. Never cached (`Cache-Control: no-store`); every read and change is audited with the linked person as actor and the patient, so it shows in the practitioner's activity view.";

export const LINK_GATE_ERRORS = {
  400: ZApiError,
  401: ZApiError,
  404: ZApiError.describe('`LINK_NOT_FOUND`: no live link of yours to this record'),
};
