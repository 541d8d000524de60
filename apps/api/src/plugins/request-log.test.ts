import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

/** The log lines written for one request id. */
/** A new user's calendar feed, turned on: its path and the secret in it. */
async function turnOnFeed() {
  const user = await signIn(ctx);
  const turnedOn = await ctx.app.inject({
    method: 'POST',
    url: '/api/calendar-feed',
    headers: user.headers,
  });
  const path = new URL((turnedOn.json() as { url: string }).url).pathname;
  return {
    path,
    secret: path
      .split('/')
      .pop()!
      .replace(/\.ics$/, ''),
  };
}

function linesOf(requestId: string) {
  return ctx.logs
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.reqId === requestId);
}

describe('request log', () => {
  it('writes one line per request: method, path without the query, status and time', async () => {
    const user = await signIn(ctx);
    const response = await ctx.app.inject({
      url: '/api/records/patients?q=Ada%20Lovelace',
      headers: { ...user.headers, 'x-request-id': 'log-one-line' },
    });
    expect(response.statusCode).toBe(200);
    const lines = linesOf(String(response.headers['x-request-id']));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', path: '/api/records/patients', clientRequestId: 'log-one-line' },
      res: { statusCode: 200 },
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines[0])).not.toContain('Lovelace');
  });

  it('logs a refused request once too, with its status', async () => {
    const response = await ctx.app.inject({ url: '/api/user/profile' });
    const completed = linesOf(String(response.headers['x-request-id'])).filter(
      (line) => line.msg === 'request completed',
    );
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ res: { statusCode: 401 } });
  });

  it("never writes a calendar feed's secret, however the client spells the path", async () => {
    const { path, secret } = await turnOnFeed();
    const spellings = [
      path,
      path.replace('/api/', '/%61pi/'),
      path.replace('/calendar/', '/%63alendar/'),
      path.replace(/\.ics$/, '%2Eics'),
      path.replace(/\.ics$/, ''),
    ];
    for (const url of spellings)
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode).toBe(200);
        expect(linesOf(String(response.headers['x-request-id']))).toMatchObject([
          { req: { method, path: '/api/calendar/[secret].ics' }, res: { statusCode: 200 } },
        ]);
      }
    expect(ctx.logs.join('')).not.toContain(secret.slice(0, 12));
  });

  it('hides the long segments of a path no route matches (a mistyped feed address)', async () => {
    const { path, secret } = await turnOnFeed();
    for (const url of [`${path}/`, `${path}/extra`, path.replace('/api/', '/api/x/')]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      const completed = linesOf(String(response.headers['x-request-id'])).filter(
        (line) => line.msg === 'request completed',
      );
      expect(completed).toMatchObject([
        {
          req: { method: 'GET', path: url.replace(/[^/]{20,}/g, '[…]') },
          res: { statusCode: 404 },
        },
      ]);
    }
    expect(ctx.logs.join('')).not.toContain(secret.slice(0, 12));
  });

  it("never writes an invitation's code: neither the join page's path nor the API's", async () => {
    const user = await signIn(ctx);
    const code = 'Zq8Hx2-invitation-code_ab';
    const short = 'abc';
    const requests = [
      { url: `/join/${code}`, path: '/join/[code]' },
      { url: `/%6Aoin/${code}`, path: '/join/[code]' },
      { url: `/join/${short}`, path: '/join/[code]' },
      { url: `/api/me/invitations/${code}`, path: '/api/me/invitations/[code]' },
      { url: `/api/me/invitations/${short}`, path: '/api/me/invitations/[code]' },
    ];
    for (const { url, path } of requests) {
      const response = await ctx.app.inject({ url, headers: user.headers });
      const completed = linesOf(String(response.headers['x-request-id'])).filter(
        (line) => line.msg === 'request completed',
      );
      expect(completed).toMatchObject([{ req: { method: 'GET', path } }]);
    }
    const logs = ctx.logs.join('');
    expect(logs).not.toContain(code);
    expect(logs).not.toMatch(/invitations\/abc|join\/abc/);
  });
});
