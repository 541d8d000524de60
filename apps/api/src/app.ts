import crypto from 'node:crypto';
import type http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config.ts';
import { AppError } from './lib/app-error.ts';
import { loggableError } from './lib/loggable-error.ts';
import { clientRequestIdOf } from './lib/request-id.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { configRoutes } from './http/config.routes.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerMembersOnlyGate } from './http/require-premium.ts';
import { createReadiness, type Readiness } from './lifecycle/readiness.ts';
import { isVoiceFunctionsUrl } from './modules/voice/voice-retell.routes.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { usersPlugin } from './modules/users/users.plugin.ts';
import { patientsPlugin } from './modules/patients/patients.plugin.ts';
import { auditPlugin } from './modules/audit/audit.plugin.ts';
import { exportPlugin } from './modules/export/export.plugin.ts';
import { appointmentsPlugin } from './modules/appointments/appointments.plugin.ts';
import { visitsPlugin } from './modules/visits/visits.plugin.ts';
import { vitalsPlugin } from './modules/vitals/vitals.plugin.ts';
import { clinicalPlugin } from './modules/clinical/clinical.plugin.ts';
import { kindsPlugin } from './kinds/kinds.plugin.ts';
import { timelinePlugin } from './modules/timeline/timeline.plugin.ts';
import { searchPlugin } from './modules/search/search.plugin.ts';
import { carePlansPlugin } from './modules/care-plans/care-plans.plugin.ts';
import { calendarPlugin } from './modules/calendar/calendar.plugin.ts';
import { remindersPlugin } from './modules/reminders/reminders.plugin.ts';
import { voicePlugin } from './modules/voice/voice.plugin.ts';
import { billingPlugin } from './modules/billing/billing.plugin.ts';
import { patientAccessPlugin } from './modules/patient-access/patient-access.plugin.ts';
import { medicinesPlugin } from './modules/medicines/medicines.plugin.ts';
import { myHealthPlugin } from './modules/my-health/my-health.plugin.ts';
import { correctionsPlugin } from './modules/corrections/corrections.plugin.ts';
import { directoryPlugin } from './modules/directory/directory.plugin.ts';
import { messagesPlugin } from './modules/messages/messages.plugin.ts';
import { createMailer } from './providers/mail/mail.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { loadPrescriptionKeys, type PrescriptionKeys } from './lib/prescription-keys.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { loggedPath, OneLinePerRequest } from './plugins/request-log.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { IdentityProvider } from './providers/identity/identity.ts';
import { createVoiceProvider } from './providers/voice/create-voice-provider.ts';
import type { VoiceProvider } from './providers/voice/voice.ts';
import { createPaymentsProvider } from './providers/payments/registry.ts';
import { PAYMENTS_SIGNATURE_HEADERS } from './providers/payments/definitions.ts';
import type { PaymentsProvider } from './providers/payments/payments.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  identity: IdentityProvider;
  /** Voice calls; null when unconfigured. Omitted: chosen from config (RETELL_*). */
  voice?: VoiceProvider | null;
  /** Checkout provider. Omitted: chosen from config (PAYMENTS_PROVIDER). */
  payments?: PaymentsProvider;
  /** Folder of the built web app; served with SPA fallback when it holds index.html. */
  webDistDir?: string;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  /** Readiness shared with server.ts (draining on SIGTERM). Omitted: ready once the app is. */
  readiness?: Readiness;
  /** The server to answer on (server.ts listens before the app exists). Omitted: Fastify's. */
  serverFactory?: (handler: http.RequestListener) => http.Server;
  /** The clock of every rule that depends on now or today. Omitted: the system's. */
  now?: Clock;
  /** E-mail for reminders; null for none. Omitted: SMTP when `SMTP_URL` is set. */
  mailer?: Mailer | null;
  /** False: no job queue (pg-boss) in this app; tests run the jobs' functions themselves. */
  isRunningJobs?: boolean;
  /** The keys of prescriptions' verification tokens. Omitted: PRESCRIPTION_SIGNING_KEYS. */
  prescriptionKeys?: PrescriptionKeys;
}

/** The router's limit for one path parameter (an id); longer path segments are refused. */
const MAX_SEGMENT_LENGTH = 200;
/** Internal paths of the two refusals below (not under /api, no token needed). */
const REFUSED_URL = { tooLong: '/_refused/uri-too-long', undecodable: '/_refused/bad-url' };

/**
 * Fastify answers a path that does not percent-decode, or a parameter over the router's limit,
 * by itself: outside the hooks (no security headers, no request id) and the error shape. Such
 * URLs are sent instead to routes that refuse them like any other error.
 */
function screenUrl(url: string): string {
  const path = url.split('?')[0]!;
  if (path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH))
    return REFUSED_URL.tooLong;
  if (!path.includes('%')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return REFUSED_URL.undecodable;
  }
}

/** Builds the whole API (and the web app's static files) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, identity } = deps;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(deps.logStream && { stream: deps.logStream }),
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...PAYMENTS_SIGNATURE_HEADERS.map((name) => `req.headers["${name}"]`),
      ],
      serializers: {
        // Every logged error, wherever it is logged, without values a database error quotes.
        // (pino's type wants `message` and `stack`; a database error's are left out on purpose.)
        err: (error: unknown) => loggableError(error) as never,
        // Paths only: query strings can carry search terms (patient names) or misplaced tokens.
        req: (req: FastifyRequest) => {
          const clientRequestId = clientRequestIdOf(req);
          return {
            method: req.method,
            path: loggedPath(req),
            id: req.id,
            ...(clientRequestId && { clientRequestId }),
          };
        },
      },
    },
    // Always the server's own: audit rows and logs are keyed on it (see lib/request-id.ts).
    genReqId: (req) => `${isVoiceFunctionsUrl(req.url) ? 'voice-' : ''}${crypto.randomUUID()}`,
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: 256 * 1024,
    // X-Forwarded-For is believed from the proxies TRUST_PROXY names only: request.ip, which every
    // per-address limit counts by, is then the client's address, not the load balancer's.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    rewriteUrl: (req) => screenUrl(req.url ?? '/'),
    routerOptions: { maxParamLength: MAX_SEGMENT_LENGTH },
    ...(deps.serverFactory && { serverFactory: deps.serverFactory }),
  });
  const readiness = deps.readiness ?? createReadiness();
  app.addHook('onReady', async () => readiness.markReady());
  app.addHook('preClose', async () => readiness.markDraining());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // A stopping instance hands its clients to the others: no new request on this connection.
    if (readiness.phase === 'draining') void reply.header('connection', 'close');
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await registerOpenApi(app);
  registerAuthentication(app, { identity, db: database.db });
  registerMembersOnlyGate(app, { db: database.db });
  await registerRateLimits(app, {
    userRateLimitPerMinute: config.USER_RATE_LIMIT_PER_MINUTE,
    redisUrl: config.REDIS_URL,
  });
  const refused = { schema: { hide: true }, config: { isPublic: true } };
  app.all(REFUSED_URL.tooLong, refused, async () => {
    throw new AppError('URI_TOO_LONG');
  });
  app.all(REFUSED_URL.undecodable, refused, async () => {
    throw new AppError('BAD_REQUEST', { message: 'The address of the request is not valid.' });
  });

  await app.register(healthRoutes, {
    isDatabaseHealthy: () => database.isHealthy(),
    readiness,
  });
  await app.register(configRoutes, { config });

  const mailer =
    deps.mailer !== undefined
      ? deps.mailer
      : await createMailer({
          smtpUrl: config.SMTP_URL,
          from: config.SMTP_FROM ?? `CareBridge <reminders@${new URL(config.PUBLIC_URL).hostname}>`,
        });
  app.addHook('onClose', async () => mailer?.close());
  const voice = deps.voice === undefined ? await createVoiceProvider(config) : deps.voice;
  const payments = deps.payments ?? (await createPaymentsProvider(config));
  const prescriptionKeys =
    deps.prescriptionKeys ??
    (await loadPrescriptionKeys(config.PRESCRIPTION_SIGNING_KEYS, {
      warn: (message) => app.log.warn(message),
    }));

  // Every domain is a plugin in its own encapsulated context that builds its own services from
  // these plain dependencies and registers its routes.
  const { db, notifications, pool } = database;
  const { now } = deps;
  const isRunningJobs = deps.isRunningJobs !== false;
  await app.register(authPlugin, { db, identity, config });
  await app.register(usersPlugin, { db, config });
  await app.register(patientsPlugin, { db, notifications });
  await app.register(auditPlugin, { db });
  await app.register(exportPlugin, { db });
  await app.register(appointmentsPlugin, { db, now });
  await app.register(visitsPlugin, { db, now });
  await app.register(vitalsPlugin, { db });
  await app.register(clinicalPlugin, { db, prescriptionKeys, config });
  await app.register(kindsPlugin, { db });
  await app.register(timelinePlugin, { db, now });
  await app.register(searchPlugin, { db });
  await app.register(carePlansPlugin, { db, now });
  await app.register(calendarPlugin, { db, now, config });
  await app.register(remindersPlugin, { db, pool, mailer, config, isRunningJobs });
  await app.register(voicePlugin, { db, now, voice });
  await app.register(billingPlugin, { db, payments, config });
  await app.register(patientAccessPlugin, { db, now, mailer, config });
  await app.register(directoryPlugin, { db, now, mailer, config });
  await app.register(myHealthPlugin, { db, now, mailer, config });
  await app.register(medicinesPlugin, { db, now, mailer, config, prescriptionKeys });
  await app.register(correctionsPlugin, { db, now, mailer, config });
  await app.register(messagesPlugin, { db, now, notifications, mailer, config, isRunningJobs });

  await registerWebApp(app, deps.webDistDir, { identity: config.AUTH_PROVIDER });
  return app;
}
