import { ALLERGY_KIND, ZAllergy, ZAllergyInput } from '@portal/shared/allergy';
import { allergies } from '../../db/schema/clinical.ts';
import { defineApiKind } from '../../kinds/kind.ts';
import { allergyStore, toApiAllergy } from './allergies.service.ts';
import { toFhirAllergy } from './clinical.fhir.ts';

/** Allergies as the API registry lists them; their routes and rules are this module's. */
export const allergyKind = defineApiKind({
  shared: ALLERGY_KIND,
  table: allergies,
  store: allergyStore,
  fhirType: 'AllergyIntolerance',
  toFhir: toFhirAllergy,
  toApi: toApiAllergy,
  schemas: { input: ZAllergyInput, item: ZAllergy },
  timeline: {
    allergy: { at: 'created_at', summary: 'substance', detail: 'reaction', state: 'severity' },
  },
  example: {
    body: () => ({ substance: 'Penicillin', reaction: 'Hives', severity: 'severe' }),
    changed: () => ({
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'severe',
      status: 'resolved',
    }),
  },
});
