import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { paymentsDefinitionOf } from '../providers/payments/registry.ts';

/**
 * The headers a helmet middleware sets, read once by running it against a recording response.
 * They depend only on the configuration, so every response gets the same set without running
 * helmet (and re-parsing the CSP) per request, as @fastify/helmet would.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Helmet with a CSP that allows exactly what the built app loads: its own files, plus the
 * hosts of the providers chosen in the configuration (Firebase, the payment provider's own
 * `csp` origins, Retell).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const connect = ["'self'"];
  const scripts = ["'self'"];
  const frames = ["'self'"];
  const forms = ["'self'"];
  if (config.AUTH_PROVIDER === 'firebase') {
    connect.push(
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    );
    scripts.push('https://apis.google.com');
    frames.push(`https://${config.FIREBASE_AUTH_DOMAIN}`);
  }
  const payments = paymentsDefinitionOf(config).csp;
  scripts.push(...(payments.script ?? []));
  frames.push(...(payments.frame ?? []));
  connect.push(...(payments.connect ?? []));
  forms.push(...(payments.form ?? []));
  if (config.RETELL_API_KEY)
    connect.push(
      'https://*.retellai.com',
      'wss://*.retellai.com',
      'wss://*.livekit.cloud',
      'https://*.livekit.cloud',
    );

  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: scripts,
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: connect,
        frameSrc: frames,
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        formAction: forms,
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    // HSTS only means something over https; on plain http it would be ignored or harmful.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Firebase's Google sign-in popup talks back to this window; same-origin would cut it off.
    crossOriginOpenerPolicy: {
      policy: config.AUTH_PROVIDER === 'firebase' ? 'same-origin-allow-popups' : 'same-origin',
    },
  });
  const headers = headersSetBy(middleware);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
