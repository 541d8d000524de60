import { describe, expect, it } from 'vitest';
import { itemErrorCodes } from '@portal/shared/patient-kind';
import { API_KINDS } from '../src/kinds/registry.ts';
import { useTestApp } from './app.ts';
import { exportBundle } from './fhir-export.ts';
import { validationProblems } from './fhir-validation.ts';
import { describePatientResourceContract, practitioner } from './patient-resources.ts';

/**
 * Every kind of the registry keeps the contract of a patient's records (owner-scoped, audited,
 * no-store, If-Match) and exports valid FHIR, with the body its declaration gives as example:
 * a new kind is tested here the day it is registered.
 */
const ctx = useTestApp();

for (const declaration of API_KINDS) {
  const { kind, segment, errorPrefix } = declaration.shared;
  const codes = itemErrorCodes(errorPrefix);
  describePatientResourceContract(() => ctx, {
    segment,
    kind: kind as Parameters<typeof describePatientResourceContract>[1]['kind'],
    isMembersOnly: declaration.isMembersOnly,
    table: declaration.table,
    notFound: codes.missing,
    stale: { status: 409, code: codes.changed },
    body: (variant) =>
      variant === 'changed' ? declaration.example.changed() : declaration.example.body(),
  });

  describe(`the ${segment} in the FHIR export`, () => {
    it('are exported as valid FHIR R4 resources of the patient, one per item', async () => {
      const { headers, patient } = await practitioner(ctx, {
        isMember: declaration.isMembersOnly,
      });
      const created = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${patient._id}/${segment}`,
        headers,
        payload: declaration.example.body(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { _id: id } = created.json() as { _id: string };
      const bundle = await exportBundle(ctx, headers);
      const entries = (bundle.entry ?? []).filter((entry) => entry.resource?.id === id);
      expect(entries).toHaveLength(1);
      const resource = entries[0]!.resource!;
      expect(entries[0]!.fullUrl).toBe(`urn:uuid:${id}`);
      expect(validationProblems(resource)).toEqual([]);
      expect(JSON.stringify(resource)).toContain(`urn:uuid:${patient._id}`);
    });
  });
}
