import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOption } from './config.ts';

/** A complete production sign-in and payments setup, for the tests that need one. */
const FIREBASE = {
  AUTH_PROVIDER: 'firebase',
  FIREBASE_PROJECT_ID: 'p',
  FIREBASE_API_KEY: 'k',
  FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
};
const STRIPE = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk',
  STRIPE_PUBLISHABLE_KEY: 'pk',
  STRIPE_WEBHOOK_SECRET: 'whsec',
};
/** A made-up Ed25519 key as PRESCRIPTION_SIGNING_KEYS takes it (its shape only is checked). */
const SIGNING_KEY = { kty: 'OKP', crv: 'Ed25519', kid: 'k1', x: 'x'.repeat(43), d: 'd'.repeat(43) };
const SIGNING = { PRESCRIPTION_SIGNING_KEYS: JSON.stringify([SIGNING_KEY]) };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: '.data',
      AUTH_PROVIDER: 'local',
      PAYMENTS_PROVIDER: 'local',
      PREMIUM_AMOUNT: 100,
      PREMIUM_CURRENCY: 'usd',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable and what it accepts for PORT=abc', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
    );
  });

  it('rejects an unknown provider with the accepted values', () => {
    expect(() => loadConfig({ AUTH_PROVIDER: 'ldap' })).toThrow(
      /AUTH_PROVIDER must be local or firebase/,
    );
  });

  it("rejects an unknown payments provider with the registry's names", () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      /PAYMENTS_PROVIDER must be local or stripe \(got "paypal"\)/,
    );
  });

  it("requires the chosen payments provider's own variables, named by its definition", () => {
    expect(() =>
      loadConfig({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'w',
      }),
    ).toThrow(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_PROVIDER=stripe.',
    );
    expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:4010' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('refuses local sign-in in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_PROVIDER cannot be local/);
  });

  it('refuses the local checkout in production (it grants premium without a card)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...FIREBASE })).toThrow(
      /PAYMENTS_PROVIDER cannot be local/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...FIREBASE,
        ...STRIPE,
        ...SIGNING,
      }).PAYMENTS_PROVIDER,
    ).toBe('stripe');
  });

  it('PRESCRIPTION_SIGNING_KEYS: required in production; a JSON array of Ed25519 private JWKs with distinct kids; the value never echoed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...FIREBASE, ...STRIPE })).toThrow(
      'Invalid configuration: PRESCRIPTION_SIGNING_KEYS is required when NODE_ENV=production (prescriptions must verify after a restart and on every instance).',
    );
    expect(loadConfig({}).PRESCRIPTION_SIGNING_KEYS).toBeUndefined();
    const second = { ...SIGNING_KEY, kid: 'k0' };
    expect(
      loadConfig({ PRESCRIPTION_SIGNING_KEYS: JSON.stringify([SIGNING_KEY, second]) })
        .PRESCRIPTION_SIGNING_KEYS,
    ).toEqual([SIGNING_KEY, second]);
    for (const bad of [
      'not json',
      '[]',
      JSON.stringify(SIGNING_KEY),
      JSON.stringify([{ ...SIGNING_KEY, crv: 'P-256' }]),
      JSON.stringify([{ ...SIGNING_KEY, d: undefined }]),
      JSON.stringify([SIGNING_KEY, SIGNING_KEY]),
    ]) {
      expect(() => loadConfig({ PRESCRIPTION_SIGNING_KEYS: bad })).toThrow(
        'Invalid configuration: PRESCRIPTION_SIGNING_KEYS must be a JSON array of Ed25519 private JWKs, each with its own kid of 1 to 8 letters, digits, dots, dashes or underscores, such as [{"kty":"OKP","crv":"Ed25519","kid":"2026a","x":"…","d":"…"}].',
      );
    }
  });

  it('requires the Firebase settings with AUTH_PROVIDER=firebase', () => {
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase' })).toThrow(
      /FIREBASE_PROJECT_ID is required/,
    );
  });

  it('never echoes a secret value', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL\.$/,
    );
  });

  it('documents the new defaults: statement timeout, per-user budget, local providers kept local', () => {
    expect(loadConfig({})).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 5000,
      USER_RATE_LIMIT_PER_MINUTE: 1200,
      LOCAL_PROVIDERS_ALLOW_REMOTE: false,
    });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 1 to 3600000 (got "0").',
    );
    expect(() => loadConfig({ USER_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /^Invalid configuration: USER_RATE_LIMIT_PER_MINUTE must be a whole number/,
    );
    expect(() => loadConfig({ LOCAL_PROVIDERS_ALLOW_REMOTE: 'yes' })).toThrow(
      'Invalid configuration: LOCAL_PROVIDERS_ALLOW_REMOTE must be true or false (got "yes").',
    );
  });

  it('DIRECTORY_REVIEWERS: nobody unless set; e-mails in lower case; anything else is refused naming it', () => {
    expect(loadConfig({}).DIRECTORY_REVIEWERS).toEqual([]);
    expect(
      loadConfig({ DIRECTORY_REVIEWERS: ' Ana@Example.org, ,b@example.org ' }).DIRECTORY_REVIEWERS,
    ).toEqual(['ana@example.org', 'b@example.org']);
    expect(() => loadConfig({ DIRECTORY_REVIEWERS: 'ana@example.org,bob' })).toThrow(
      'DIRECTORY_REVIEWERS must be comma-separated e-mail addresses',
    );
  });

  it("TRUST_PROXY: off unless set; a hop count or the proxies' addresses and ranges; anything else is refused naming it", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:DB8::/32,::1,uniquelocal' })
        .TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '192.0.2.10', '2001:db8::/32', '::1', 'uniquelocal']);
    for (const value of [
      'true',
      '0',
      '101',
      '1.5',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0/8',
      '10.0.0.1,',
      'lb.internal',
      '10.0.0.0/8/1',
    ])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Invalid configuration: TRUST_PROXY must be a number of proxy hops from 1 to 100, or a comma-separated list of the proxies' addresses or CIDR ranges such as 10.0.0.0/8,192.0.2.10 (loopback, linklocal and uniquelocal name those ranges) (got ${JSON.stringify(value)}).`,
      );
  });

  it('a TRUST_PROXY hop count believes that many addresses nearest the server, and no more', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it.each(['PUBLIC_URL', 'STRIPE_API_URL', 'RETELL_BASE_URL'])(
    'accepts only http: and https: for %s',
    (name) => {
      for (const url of [
        'javascript:alert(1)',
        'data:text/html,<script>1</script>',
        'ftp://x.example/',
        'file:///etc/passwd',
      ]) {
        let message = '';
        try {
          loadConfig({ [name]: url });
        } catch (error) {
          message = (error as Error).message;
        }
        const accepts =
          name === 'PUBLIC_URL' ? 'an http(s) URL such as http://localhost:3000' : 'an http(s) URL';
        expect(message).toBe(
          `Invalid configuration: ${name} must be ${accepts} (got ${JSON.stringify(url)}).`,
        );
      }
      const accepted = loadConfig({
        [name]: 'http://localhost:4000/',
        LOCAL_PROVIDERS_ALLOW_REMOTE: 'true',
      });
      expect(accepted[name as 'PUBLIC_URL']).toMatch(/^http:\/\/localhost:4000\/?$/);
    },
  );

  describe('local providers serve this computer only', () => {
    it.each([
      [{ HOST: '0.0.0.0' }, 'HOST'],
      [{ HOST: '::' }, 'HOST'],
      [{ HOST: '192.168.1.20' }, 'HOST'],
      [{ PUBLIC_URL: 'https://portal.example.org' }, 'PUBLIC_URL'],
      [{ PUBLIC_URL: 'http://10.0.0.5:3000' }, 'PUBLIC_URL'],
    ])('%o is refused with one line naming the variables', (env, name) => {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(
        new RegExp(`^Invalid configuration: ${name} cannot be a non-loopback address`),
      );
      expect(message).toContain('AUTH_PROVIDER=local and PAYMENTS_PROVIDER=local');
      expect(message).toContain('LOCAL_PROVIDERS_ALLOW_REMOTE=true');
      expect(message).not.toContain('\n');
    });

    it('accepts loopback addresses, and anything once LOCAL_PROVIDERS_ALLOW_REMOTE=true', () => {
      for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
        expect(loadConfig({ HOST }).HOST).toBe(HOST);
      for (const PUBLIC_URL of [
        'http://localhost:3000',
        'http://127.0.0.1:8080',
        'http://[::1]:3000',
      ])
        expect(loadConfig({ PUBLIC_URL }).PUBLIC_URL).toBe(PUBLIC_URL);
      expect(
        loadConfig({
          HOST: '0.0.0.0',
          PUBLIC_URL: 'https://portal.example.org',
          LOCAL_PROVIDERS_ALLOW_REMOTE: 'true',
        }).LOCAL_PROVIDERS_ALLOW_REMOTE,
      ).toBe(true);
    });

    it('names only the local provider that is on, and none is refused without one', () => {
      expect(() => loadConfig({ ...FIREBASE, HOST: '0.0.0.0' })).toThrow(
        /HOST cannot be a non-loopback address while PAYMENTS_PROVIDER=local \(/,
      );
      expect(loadConfig({ ...FIREBASE, ...STRIPE, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    });
  });
});
