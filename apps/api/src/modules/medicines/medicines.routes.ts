import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZPharmacyChoice,
  ZPrescriptionVerification,
  ZVerifyTokenParams,
} from '@portal/shared/medicines';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import type { VerificationService } from './medicines.verification.ts';

/** Verifications a minute per client address (TRUST_PROXY), then 429. */
export const VERIFICATIONS_PER_MINUTE = 30;

/** The token is a credential: the request log writes the route with it masked. */
const secretParams = { token: '[token]' };

const INVALID =
  'A forged, altered, unknown-`kid`, malformed or unknown token, or one of a record in the trash, is one 404 `PRESCRIPTION_TOKEN_INVALID` (a path segment over 200 characters is 414, as on every route).';

/** `/api/prescriptions/verify/{token}`: the verification page's answer, and dispensing from it. */
export function verificationRoutes(
  app: FastifyInstance,
  { verification }: { verification: VerificationService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['medicines'];

  typed.get(
    '/api/prescriptions/verify/:token',
    {
      schema: {
        tags,
        summary: 'Verify a prescription by the token of its `verifyUrl` (no sign-in)',
        description: `What a pharmacist needs and no more: the medicine, when and by whom it was prescribed, the patient's initials and age (never the name, id or date of birth), its status (\`dispensed\` with when and by which pharmacy), whether it has expired (it still verifies), and how many times it has been verified, this time included (counted atomically). ${INVALID} ${VERIFICATIONS_PER_MINUTE} requests a minute per client address, then 429. Never cached; the token is kept out of the request log. Audited as a read by an anonymous actor.`,
        security: [],
        params: ZVerifyTokenParams,
        response: {
          200: ZPrescriptionVerification,
          400: ZApiError,
          404: ZApiError,
          429: ZApiError,
        },
      },
      config: {
        isPublic: true,
        secretParams,
        rateLimit: {
          max: VERIFICATIONS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: { ip: string }) => `verify:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return verification.verify({ token: request.params.token, requestId: request.id });
    },
  );

  typed.post(
    '/api/prescriptions/verify/:token/dispense',
    {
      schema: {
        tags,
        summary: 'Dispense a verified prescription, as one of my pharmacies',
        description: `\`facilityId\`: an approved facility of kind pharmacy that I own or am staff of; anything else 404 \`PHARMACY_NOT_FOUND\`. Answers the verification with status \`dispensed\`. Once only: a second time, or by a second pharmacy, 409 \`PRESCRIPTION_ALREADY_DISPENSED\` (of concurrent attempts exactly one succeeds); stopped or expired, 409 \`PRESCRIPTION_NOT_DISPENSABLE\`. ${INVALID} Audited; the token is kept out of the request log.`,
        params: ZVerifyTokenParams,
        body: ZPharmacyChoice,
        response: {
          200: ZPrescriptionVerification,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
      config: { secretParams },
    },
    async (request) =>
      verification.dispense({
        actor: await actorOf(request),
        token: request.params.token,
        input: request.body,
      }),
  );
}
