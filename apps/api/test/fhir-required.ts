import { expect } from 'vitest';
import { validateResource, type Resource } from './fhir-validation.ts';

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
