import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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

  it('refuses local sign-in in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_PROVIDER cannot be local/);
  });

  it('refuses the local checkout in production (it grants premium without a card)', () => {
    const firebase = {
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...firebase })).toThrow(
      /PAYMENTS_PROVIDER cannot be local/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...firebase,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'whsec',
      }).PAYMENTS_PROVIDER,
    ).toBe('stripe');
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
});
