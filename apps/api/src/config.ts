import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL } from '@portal/shared/email';
import { httpUrl, optionalText } from './lib/env-values.ts';
import {
  PAYMENTS_ENV,
  PAYMENTS_PROVIDER_NAMES,
  PAYMENTS_PROVIDERS,
} from './providers/payments/definitions.ts';

const port = z.coerce
  .number({ error: 'a whole number from 1 to 65535' })
  .int('a whole number from 1 to 65535')
  .min(1, 'a whole number from 1 to 65535')
  .max(65535, 'a whole number from 1 to 65535');

function wholeNumber(min: number, max: number, accepts: string) {
  return z.coerce.number({ error: accepts }).int(accepts).min(min, accepts).max(max, accepts);
}

function isUrl(value: string): boolean {
  return URL.canParse(value);
}

/** 'a, b or c': the accepted values, as an error message says them. */
function oneOf(values: readonly string[]): string {
  return values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** This computer only: `localhost`, 127.0.0.0/8 or ::1 (IPv6 in brackets as URLs write it). */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    name === 'localhost' ||
    name === '::1' ||
    name === '::ffff:127.0.0.1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

const TRUST_PROXY_ACCEPTS =
  "a number of proxy hops from 1 to 100, or a comma-separated list of the proxies' addresses or CIDR ranges such as 10.0.0.0/8,192.0.2.10 (loopback, linklocal and uniquelocal name those ranges)";
/** Ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an IPv4 or IPv6 address, a CIDR range, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  );
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: off (false), the number of proxies in front
 * of the server, or their addresses. Only then is X-Forwarded-For believed, so a client that
 * reaches the server directly cannot choose the address its limits are counted by; `true`
 * (believe anyone) is not offered.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 100) return hops;
    } else {
      const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ACCEPTS });
    return z.NEVER;
  });

/** Comma-separated e-mail addresses (a role given by configuration), lower-cased. */
const emailList = z
  .string()
  .max(10_000, 'comma-separated e-mail addresses such as a@example.org,b@example.org')
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
  )
  .refine(
    (emails) => emails.every((email) => EMAIL.test(email)),
    'comma-separated e-mail addresses such as a@example.org,b@example.org',
  );

const SIGNING_KEYS_ACCEPTS =
  'a JSON array of Ed25519 private JWKs, each with its own kid of 1 to 8 letters, digits, dots, dashes or underscores, such as [{"kty":"OKP","crv":"Ed25519","kid":"2026a","x":"…","d":"…"}]';

/** One private Ed25519 key as a JWK, named by its `kid`. */
const ZSigningJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  // Short, with the rest of the token, keeps it one path segment and its QR code small.
  kid: z.string().regex(/^[A-Za-z0-9._-]{1,8}$/),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  d: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export type SigningJwk = z.infer<typeof ZSigningJwk>;

/**
 * PRESCRIPTION_SIGNING_KEYS: the keys that sign prescriptions' verification tokens. The first
 * signs, every one verifies, so a key is rotated by putting a new one first and dropping the old
 * one once the tokens it signed no longer need to verify.
 */
const prescriptionSigningKeys = optionalText.transform((value, ctx): SigningJwk[] | undefined => {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const keys = z.array(ZSigningJwk).min(1).max(20).safeParse(parsed);
  const kids = keys.success ? keys.data.map((key) => key.kid) : [];
  if (keys.success && new Set(kids).size === kids.length) return keys.data;
  ctx.addIssue({ code: 'custom', message: SIGNING_KEYS_ACCEPTS });
  return z.NEVER;
});

const ZEnv = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'development, production or test' })
      .default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1, 'a host name or address').default('127.0.0.1'),
    PUBLIC_URL: httpUrl('an http(s) URL such as http://localhost:3000').optional(),
    DATA_DIR: z.string().min(1, 'a folder path').default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// connection URL')
      .optional(),
    AUTH_PROVIDER: z.enum(['local', 'firebase'], { error: 'local or firebase' }).default('local'),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    PAYMENTS_PROVIDER: z
      .enum(PAYMENTS_PROVIDER_NAMES, { error: oneOf(PAYMENTS_PROVIDER_NAMES) })
      .default('local'),
    ...PAYMENTS_ENV,
    PREMIUM_AMOUNT: z.coerce
      .number({ error: 'a positive number' })
      .positive('a positive number')
      .max(1_000_000, 'at most 1000000')
      .default(100),
    PREMIUM_CURRENCY: z
      .string()
      .regex(/^[a-zA-Z]{3}$/, 'a three-letter ISO currency code such as usd')
      .transform((value) => value.toLowerCase())
      .default('usd'),
    RETELL_API_KEY: optionalText,
    RETELL_AGENT_ID: optionalText,
    RETELL_BASE_URL: httpUrl('an http(s) URL').optional(),
    CONTACT_PHONE: z
      .string()
      .regex(/^\+?[0-9 ()-]{3,20}$/, 'a phone number such as +1 800 555 0100')
      .default('+1 800 555 0100'),
    DRAIN_DELAY_MS: wholeNumber(
      0,
      600_000,
      'a whole number of milliseconds from 0 to 600000',
    ).default(0),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// connection URL')
      .optional(),
    LOCAL_PROVIDERS_ALLOW_REMOTE: z
      .enum(['true', 'false'], { error: 'true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber(
      1,
      3_600_000,
      'a whole number of milliseconds from 1 to 3600000',
    ).default(5_000),
    USER_RATE_LIMIT_PER_MINUTE: wholeNumber(
      1,
      1_000_000_000,
      'a whole number from 1 to 1000000000',
    ).default(1_200),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        'an smtp:// or smtps:// URL such as smtp://user:password@host:587',
      )
      .refine(isUrl, 'an smtp:// or smtps:// URL such as smtp://user:password@host:587')
      // Plain text is a choice the URL must spell out (`?tls=off`); a misspelling must not
      // pass for it, nor silently keep TLS required where the operator meant otherwise.
      .refine(
        (value) => !isUrl(value) || [null, 'off'].includes(new URL(value).searchParams.get('tls')),
        'an smtp:// URL whose tls option, if given, is tls=off',
      )
      .optional(),
    SMTP_FROM: z
      .string()
      .min(3, 'an e-mail sender such as CareBridge <reminders@example.org>')
      .max(200, 'an e-mail sender such as CareBridge <reminders@example.org>')
      .optional(),
    REMINDERS_SWEEP_SECONDS: wholeNumber(
      1,
      3_600,
      'a whole number of seconds from 1 to 3600',
    ).default(60),
    TRUST_PROXY: trustProxy,
    PRESCRIPTION_SIGNING_KEYS: prescriptionSigningKeys,
    // Who reviews the directory: their e-mail addresses, compared ignoring case.
    DIRECTORY_REVIEWERS: emailList,
    // Who answers the Support desk: their e-mail addresses, compared ignoring case.
    SUPPORT_EMAILS: emailList,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  })
  .superRefine((env, ctx) => {
    const require = (name: keyof typeof env, because: string) => {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `is required ${because}` });
    };
    if (env.AUTH_PROVIDER === 'firebase') {
      require('FIREBASE_PROJECT_ID', 'when AUTH_PROVIDER=firebase');
      require('FIREBASE_API_KEY', 'when AUTH_PROVIDER=firebase');
      require('FIREBASE_AUTH_DOMAIN', 'when AUTH_PROVIDER=firebase');
    }
    if (env.AUTH_PROVIDER === 'local' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_PROVIDER'],
        message:
          'cannot be local when NODE_ENV=production (local sign-in is for development only): use firebase',
      });
    }
    const payments = PAYMENTS_PROVIDERS[env.PAYMENTS_PROVIDER];
    if (payments.refusedInProductionBecause && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: `cannot be ${payments.name} when NODE_ENV=production ${payments.refusedInProductionBecause}`,
      });
    }
    for (const name of payments.requiredEnv)
      require(name as keyof typeof env, `when PAYMENTS_PROVIDER=${payments.name}`);
    if (env.RETELL_API_KEY && !env.RETELL_AGENT_ID)
      require('RETELL_AGENT_ID', 'when RETELL_API_KEY is set');
    if (env.NODE_ENV === 'production')
      require('PRESCRIPTION_SIGNING_KEYS', 'when NODE_ENV=production (prescriptions must verify after a restart and on every instance)');
    refuseRemoteLocalProviders(env, ctx);
  });

/**
 * The local providers trust whoever reaches the port (anyone may mint a token for any e-mail,
 * or pay without a card), so they serve this computer only unless the operator says otherwise.
 */
function refuseRemoteLocalProviders(
  env: {
    HOST: string;
    PUBLIC_URL?: string | undefined;
    AUTH_PROVIDER: string;
    PAYMENTS_PROVIDER: keyof typeof PAYMENTS_PROVIDERS;
    LOCAL_PROVIDERS_ALLOW_REMOTE: boolean;
  },
  ctx: z.RefinementCtx,
) {
  const local = [
    env.AUTH_PROVIDER === 'local' && 'AUTH_PROVIDER=local',
    PAYMENTS_PROVIDERS[env.PAYMENTS_PROVIDER].refusedInProductionBecause !== undefined &&
      `PAYMENTS_PROVIDER=${env.PAYMENTS_PROVIDER}`,
  ].filter(Boolean);
  if (local.length === 0 || env.LOCAL_PROVIDERS_ALLOW_REMOTE) return;
  const remote = !isLoopback(env.HOST)
    ? 'HOST'
    : env.PUBLIC_URL && !isLoopback(new URL(env.PUBLIC_URL).hostname)
      ? 'PUBLIC_URL'
      : undefined;
  if (!remote) return;
  ctx.addIssue({
    code: 'custom',
    path: [remote],
    message: `cannot be a non-loopback address while ${local.join(' and ')} (anyone who reaches the server could sign in as anyone or get premium without paying): configure firebase/stripe, or set LOCAL_PROVIDERS_ALLOW_REMOTE=true on purpose (dangerous)`,
  });
}

export type TEnv = z.infer<typeof ZEnv>;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Given a bare number Fastify trusts no one (it cannot
 * tell the nearest proxy from a client that wrote the header itself), so a hop count is a trust
 * function by position: the nearest `hops` addresses are believed, which is only safe when
 * nothing but those proxies can reach the server.
 */
export function trustProxyOption(
  setting: TEnv['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export interface Config extends Omit<TEnv, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
  /** Absolute form of DATA_DIR. */
  dataDir: string;
}

export class ConfigError extends Error {}

/** Parses the environment once; the first bad variable becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const isSecret = /KEY|SECRET|DATABASE_URL|REDIS_URL|SMTP_URL/.test(name);
    const shown = env[name] === undefined || isSecret ? '' : ` (got ${JSON.stringify(env[name])})`;
    const rule = /^(is|cannot) /.test(issue.message) ? issue.message : `must be ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${name} ${rule}${shown}.`);
  }
  const value = parsed.data;
  return {
    ...value,
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(value.DATA_DIR),
  };
}
