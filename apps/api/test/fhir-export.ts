import { expect } from 'vitest';
import type { AuthHeaders, TestContext } from './app.ts';
import { validateResource, type Bundle, type Resource } from './fhir-validation.ts';

/** Helpers of the FHIR export's tests (imported by tests only). */

/** The signed-in practitioner's FHIR export (`GET …/export?format=fhir`), which must answer 200. */
export async function exportBundle(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
): Promise<Bundle> {
  const response = await ctx.app.inject({
    url: '/api/records/patients/export?format=fhir',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * The validator accepts `resource` and refuses it without `field`, naming `Type.field`: the
 * export tests' check that the validator would catch an exporter leaving that field out.
 */
export function expectValidatorRequires(resource: Resource, field: string) {
  expect(validateResource(resource)).toEqual([]);
  expect(() => validateResource({ ...resource, [field]: undefined })).toThrow(
    `${resource.resourceType}.${field}`,
  );
}
