import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

interface Operation {
  security?: unknown[];
  requestBody?: { required?: boolean };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const ctx = useTestApp();
let operations: [string, Operation][];
beforeAll(async () => {
  const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
});

/** Public routes whose caller signs the body (Retell): a bad signature is their 401, not a token. */
const SIGNED_BY_CALLER = ['POST /api/retellai/functions', 'POST /api/retellai/webhook'];

const find = (label: string) => operations.find(([name]) => name === label)![1];

describe('the OpenAPI document', () => {
  it('documents 401 on every route that needs a token, and only there', () => {
    for (const [label, operation] of operations) {
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const answers401 = !isPublic || SIGNED_BY_CALLER.includes(label);
      expect.soft(Boolean(operation.responses['401']), label).toBe(answers401);
    }
  });

  it('documents 429 on the rate-limited routes and on every route under the per-user budget', () => {
    for (const label of [
      'POST /api/auth/login',
      'POST /api/premier/create-checkout-session',
      'POST /api/retellai/connect-retellai',
      'GET /api/records/patients/export',
    ])
      expect(find(label).responses['429'], label).toBeDefined();
    // USER_RATE_LIMIT_PER_MINUTE counts every route that needs a token.
    expect(find('GET /api/records/patients/{id}').responses['429']).toBeDefined();
    expect(find('GET /api/health').responses['429']).toBeUndefined();
  });

  it('says the body of PUT /user/subscription may be left out, and others are required', () => {
    expect(find('PUT /api/user/subscription').requestBody?.required).toBe(false);
    expect(find('POST /api/records/patients').requestBody?.required).toBe(true);
  });

  it("declares the local checkout's Pay and Cancel as 303 redirects", () => {
    for (const label of [
      'POST /api/premier/local-checkout/{id}/pay',
      'POST /api/premier/local-checkout/{id}/cancel',
    ]) {
      expect(find(label).responses['303'], label).toBeDefined();
      expect(find(label).responses['200'], label).toBeUndefined();
    }
  });

  it('keeps a documented 200 on the routes that answer a page or a file', () => {
    expect(Object.keys(find('GET /api/dev-auth/popup').responses['200']!.content!)).toEqual([
      'text/html',
    ]);
    expect(find('GET /api/records/patients/export').responses['200']).toBeDefined();
  });
});
