import crypto from 'node:crypto';
import http from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body, keys as Stripe's SDK writes them: `line_items[0][quantity]`. */
  form: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
}

/**
 * A local stand-in for the parts of Stripe's REST API the adapter uses, on 127.0.0.1: it
 * records every request and answers like Stripe (form bodies in, JSON out, Idempotency-Key
 * replays the first answer).
 */
export async function startFakeStripe() {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let nextFailure: { status: number; body: unknown } | undefined;
  /** PaymentIntents with the card of their latest charge (`markPaidWithCard`). */
  const paymentCards = new Map<string, { brand: string; last4: string }>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        // Tells the SDK not to retry, so failure tests stay fast.
        res.writeHead(status, {
          'content-type': 'application/json',
          'stripe-should-retry': 'false',
        });
        res.end(JSON.stringify(body));
      };
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = undefined;
        return send(failure.status, failure.body);
      }
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      if (replayKey && replays.has(replayKey)) {
        const replay = replays.get(replayKey)!;
        return send(replay.status, replay.body);
      }
      const answer = route(req.method ?? '', url.pathname, form);
      if (replayKey && req.method === 'POST') replays.set(replayKey, answer);
      send(answer.status, answer.body);
    });
  });

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
      const quantity = Number(form['line_items[0][quantity]'] ?? 1);
      const unit = Number(form['line_items[0][price_data][unit_amount]']);
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: form.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        amount_total: quantity * unit,
        currency: form['line_items[0][price_data][currency]'] ?? null,
        success_url: form.success_url ?? null,
        cancel_url: form.cancel_url ?? null,
        metadata: { userId: form['metadata[userId]'] ?? '' },
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such checkout.session',
              },
            },
          };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const id = decodeURIComponent(intent[1]!);
      const card = paymentCards.get(id);
      if (!card)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing' } },
        };
      return {
        status: 200,
        body: {
          id,
          object: 'payment_intent',
          status: 'succeeded',
          latest_charge: {
            id: `ch_${id}`,
            object: 'charge',
            payment_method_details: { type: 'card', card },
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`;
      return {
        status: 200,
        body: {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } },
    };
  }

  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests,
    sessions,
    /** What Stripe does when the customer pays on its hosted page. */
    markPaid(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    /** A PaymentIntent whose latest charge was paid with this card. */
    addPaymentCard(paymentIntentId: string, card: { brand: string; last4: string }) {
      paymentCards.set(paymentIntentId, card);
    },
    /** The next request answers this error (Stripe's error JSON). */
    failNext(status: number, type = 'api_error') {
      nextFailure = { status, body: { error: { type, message: 'Simulated failure' } } };
    },
    close,
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
