/**
 * A small JSON Schema validator for the subset the OpenAPI document uses, written here so the
 * fuzz suite checks answers independently of the zod serializer that produced them. Any
 * keyword it does not know is reported as an error, so a schema it cannot judge never passes.
 */
export type JsonSchema = { [keyword: string]: unknown };

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'example',
  '$schema',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => URL.canParse(value),
  'date-time': (value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value),
  date: (value) =>
    /^\d{4}-\d\d-\d\d$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
};

const patterns = new Map<string, RegExp>();
function regexOf(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    patterns.set(pattern, regex);
  }
  return regex;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return typeOf(value) === 'object';
    default:
      return typeOf(value) === type;
  }
}

/** The problems of `value` against `schema` (empty when it matches), each with its JSON path. */
export function validateJson(schema: JsonSchema, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  const fail = (message: string) => errors.push(`${path}: ${message}`);
  for (const [keyword, rule] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    switch (keyword) {
      case 'type': {
        const types = Array.isArray(rule) ? (rule as string[]) : [rule as string];
        if (!types.some((type) => hasType(value, type)))
          fail(`expected ${types.join(' or ')}, got ${typeOf(value)}`);
        break;
      }
      case 'enum':
        if (!(rule as unknown[]).some((option) => option === value))
          fail(`${JSON.stringify(value)} is not one of ${JSON.stringify(rule)}`);
        break;
      case 'const':
        if (rule !== value) fail(`expected ${JSON.stringify(rule)}`);
        break;
      case 'properties':
        if (typeOf(value) === 'object') {
          for (const [key, propertySchema] of Object.entries(rule as Record<string, JsonSchema>)) {
            if (Object.hasOwn(value as object, key))
              errors.push(
                ...validateJson(
                  propertySchema,
                  (value as Record<string, unknown>)[key],
                  `${path}.${key}`,
                ),
              );
          }
        }
        break;
      case 'required':
        if (typeOf(value) === 'object')
          for (const key of rule as string[])
            if (!Object.hasOwn(value as object, key)) fail(`missing required ${key}`);
        break;
      case 'additionalProperties':
        if (typeOf(value) === 'object') {
          const known = Object.keys((schema.properties as object | undefined) ?? {});
          for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
            if (known.includes(key)) continue;
            if (rule === false) fail(`unexpected property ${key}`);
            else if (typeof rule === 'object' && rule !== null)
              errors.push(...validateJson(rule as JsonSchema, item, `${path}.${key}`));
          }
        }
        break;
      case 'propertyNames':
        if (typeOf(value) === 'object')
          for (const key of Object.keys(value as object))
            errors.push(...validateJson(rule as JsonSchema, key, `${path}[key ${key}]`));
        break;
      case 'items':
        if (Array.isArray(value))
          value.forEach((item, index) =>
            errors.push(...validateJson(rule as JsonSchema, item, `${path}[${index}]`)),
          );
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < (rule as number))
          fail(`fewer than ${rule} items`);
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > (rule as number))
          fail(`more than ${rule} items`);
        break;
      case 'anyOf':
      case 'oneOf': {
        const matching = (rule as JsonSchema[]).filter(
          (option) => validateJson(option, value, path).length === 0,
        ).length;
        if (matching === 0) fail(`matches none of ${keyword}`);
        if (keyword === 'oneOf' && matching > 1) fail(`matches ${matching} schemas of oneOf`);
        break;
      }
      case 'allOf':
        for (const option of rule as JsonSchema[])
          errors.push(...validateJson(option, value, path));
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (rule as number)) fail(`below ${rule}`);
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (rule as number)) fail(`above ${rule}`);
        break;
      case 'exclusiveMinimum':
        if (typeof value === 'number' && value <= (rule as number)) fail(`not above ${rule}`);
        break;
      case 'exclusiveMaximum':
        if (typeof value === 'number' && value >= (rule as number)) fail(`not below ${rule}`);
        break;
      case 'minLength':
        if (typeof value === 'string' && [...value].length < (rule as number))
          fail(`shorter than ${rule}`);
        break;
      case 'maxLength':
        if (typeof value === 'string' && [...value].length > (rule as number))
          fail(`longer than ${rule}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !regexOf(rule as string).test(value))
          fail(`does not match /${rule}/`);
        break;
      case 'format': {
        const check = FORMATS[rule as string];
        if (!check) fail(`unsupported format ${String(rule)}`);
        else if (typeof value === 'string' && !check(value)) fail(`not a valid ${rule}`);
        break;
      }
      default:
        fail(`unsupported keyword ${keyword}`);
    }
  }
  return errors;
}
