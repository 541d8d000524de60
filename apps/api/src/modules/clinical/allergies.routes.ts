import type { FastifyInstance } from 'fastify';
import { ZAllergy, ZAllergyInput, ZAllergyListQuery } from '@portal/shared/allergy';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { patientResourceRoutes } from '../../patient-owned/patient-resource.routes.ts';
import type { AllergyService } from './allergies.service.ts';

/** A patient's allergies under /api/records/patients/{id}/allergies (HTTP only). */
export function allergyRoutes(app: FastifyInstance, { allergies }: { allergies: AllergyService }) {
  patientResourceRoutes(app, {
    kind: 'allergy',
    segment: 'allergies',
    item: ZAllergy,
    input: ZAllergyInput,
    listQuery: ZAllergyListQuery,
    staleAnswer: 'a changed record then answers 409',
    summaries: {
      list: 'One of my patients\' allergies, newest first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
      create:
        "Record an allergy of one of my patients; an active one warns on prescribing (by drug class, e.g. penicillin for amoxicillin), and the answer's `matchingPrescriptions` names the patient's active prescriptions it warns for",
      read: 'One allergy of one of my patients, with its `ETag`',
      update:
        "Replace an allergy (e.g. mark it resolved); with `If-Match`, 409 `ALLERGY_CHANGED` if it changed meanwhile; the answer's `matchingPrescriptions` names the active prescriptions it now warns for",
    },
    conflicts: { update: { 409: ZApiError } },
    service: allergies,
  });
}
