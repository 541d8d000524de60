import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Helmet with a CSP that allows exactly what the built app loads: its own files, plus the
 * hosts of the providers chosen in the configuration (Firebase, Stripe, Retell).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const connect = ["'self'"];
  const scripts = ["'self'"];
  const frames = ["'self'"];
  const forms = ["'self'", new URL(config.HOSPITAL_SEARCH_URL).origin];
  if (config.AUTH_PROVIDER === 'firebase') {
    connect.push(
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    );
    scripts.push('https://apis.google.com');
    frames.push(`https://${config.FIREBASE_AUTH_DOMAIN}`);
  }
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    scripts.push('https://js.stripe.com');
    frames.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    forms.push('https://checkout.stripe.com');
  }
  if (config.RETELL_API_KEY)
    connect.push(
      'https://*.retellai.com',
      'wss://*.retellai.com',
      'wss://*.livekit.cloud',
      'https://*.livekit.cloud',
    );

  await app.register(helmet, {
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
}
