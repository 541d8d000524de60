// Validation under hostile bodies: every JSON route of the OpenAPI document gets, in each of
// its text fields, the worst texts we know of (the e-mail pattern's old nemesis `a@....@`,
// spaces, digits, control and multi-byte characters), each filling the body to just under the
// 256 KiB limit. Prints the slowest answer per route by CPU time of the API (target: none above
// 10 ms). In-process (`app.inject`) on the API built from the sources, against a real PostgreSQL.
import { withInProcessApi } from './lib/in-process-api.ts';
import { printTable, writeResult } from './lib/portal.ts';

const BODY_LIMIT = 256 * 1024;
const RUNS = Number(process.env.BENCH_VALIDATION_RUNS ?? 5);
const TARGET_MS = 10;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** The texts that make patterns and trimming work hardest, `size` characters long. */
function hostileTexts(size: number): Record<string, string> {
  return {
    'a@ + dots + @': `a@${'.'.repeat(size - 3)}@`,
    letters: 'a'.repeat(size),
    spaces: ' '.repeat(size),
    digits: '1'.repeat(size),
    'a@a. + a. repeated': `a@a.${'a.'.repeat((size - 4) / 2)}`,
    'control characters': '\u0001'.repeat(size),
    'multi-byte (é)': 'é'.repeat(Math.floor(size / 2)),
  };
}

/** A value of the schema's shape: the first enum value, a short text, 1, true, or an object. */
function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf.find((option) => option.type !== 'null'));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value)]),
    );
  }
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleOf(schema.items)];
  return 'x';
}

/** Paths to every property of the schema that takes text (nested objects included). */
function textPaths(schema: Schema | undefined, prefix: string[] = []): string[][] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, value]) => {
    const options = value.anyOf ?? [value];
    const takesText = options.some(
      (option) =>
        option.type === 'string' || (Array.isArray(option.type) && option.type.includes('string')),
    );
    return [...(takesText ? [[...prefix, key]] : []), ...textPaths(value, [...prefix, key])];
  });
}

function withValue(body: unknown, at: string[], value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of at.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[at.at(-1)!] = value;
  return copy;
}

export async function benchValidation() {
  console.log(`Validation bench: every JSON route, hostile texts up to 256 KiB, ${RUNS} runs each`);
  return withInProcessApi('validation', async ({ app, identity }) => {
    await app.ready();
    let users = 0;
    // A fresh user (and address) per request, so the routes' own rate limits never answer first.
    const freshUser = async () => {
      users += 1;
      const { idToken } = await identity.issueIdToken({
        email: `validation-${users}@example.test`,
        name: `Validation ${users}`,
      });
      const remoteAddress = `10.${(users >> 16) & 255}.${(users >> 8) & 255}.${users & 255}`;
      const headers = { authorization: `Bearer ${idToken}` };
      await app.inject({ method: 'POST', url: '/api/auth/login', headers, remoteAddress });
      return { headers, remoteAddress };
    };

    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const rows: Record<string, string | number>[] = [];
    let slowest = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema || textPaths(schema).length === 0) continue;
        const base = sampleOf(schema);
        const url = route.replace(/\{[^}]*\}/g, '00000000-0000-4000-8000-000000000000');
        const bodies = textPaths(schema).flatMap((field) => {
          const room = BODY_LIMIT - JSON.stringify(withValue(base, field, '')).length - 64;
          return Object.entries(hostileTexts(room)).map(([text, value]) => ({
            field: field.join('.'),
            text,
            payload: JSON.stringify(withValue(base, field, value)),
          }));
        });
        const send = async (payload: string) => {
          const { headers, remoteAddress } = await freshUser();
          const cpuBefore = process.cpuUsage();
          const response = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
            remoteAddress,
          });
          const cpu = process.cpuUsage(cpuBefore);
          return { cpuMs: (cpu.user + cpu.system) / 1000, status: response.statusCode };
        };
        // One unmeasured pass first: the JIT compiles the route's path, as in a running server.
        for (const body of bodies) await send(body.payload);
        let worst = { cpuMs: 0, maxMs: 0, field: '', text: '', status: 0 };
        for (const body of bodies) {
          const runs = [];
          for (let run = 0; run < RUNS; run += 1) runs.push(await send(body.payload));
          const sorted = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
          const median = sorted[Math.floor(sorted.length / 2)]!;
          if (median > worst.cpuMs)
            worst = {
              cpuMs: median,
              maxMs: sorted.at(-1)!,
              field: body.field,
              text: body.text,
              status: runs[0]!.status,
            };
        }
        slowest = Math.max(slowest, worst.cpuMs);
        rows.push({
          route: `${method.toUpperCase()} ${route}`,
          'CPU ms (median)': Number(worst.cpuMs.toFixed(2)),
          'CPU ms (max)': Number(worst.maxMs.toFixed(2)),
          field: worst.field,
          text: worst.text,
          status: worst.status,
          target: `≤ ${TARGET_MS} ms`,
        });
      }
    }
    printTable(
      `Slowest hostile body per route: CPU time of the API process (parse + validation + answer), median of ${RUNS}`,
      rows,
    );
    console.log(
      `Slowest of all: ${slowest.toFixed(2)} CPU ms (target: none above ${TARGET_MS} ms); ${users} requests. ` +
        'CPU time, not wall time: other work on a shared machine stretches the latter; the max ' +
        'column includes garbage collections of earlier 256 KiB bodies.',
    );
    const result = { runs: RUNS, bodyLimit: BODY_LIMIT, slowestCpuMs: slowest, rows };
    writeResult('validation', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchValidation();
