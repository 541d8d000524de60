import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuditEvent } from '@portal/shared/audit';
import { ZPageQuery } from '@portal/shared/patient';
import { sendPage } from '../../lib/paging.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/records/audit',
    {
      schema: {
        tags: ['records'],
        summary:
          "The signed-in user's audit trail of patient records, newest first, paged (Link, X-Total-Count): their own events, and the successful ones of people linked to their patients (a patient reading their record), each with who acted (`actorName`) and as what (`actorRole`)",
        querystring: ZPageQuery,
        response: { 200: z.array(ZAuditEvent) },
      },
    },
    async (request, reply) => {
      const actorId = await request.currentUserId();
      const page = await audit.findAuditEvents({ actorId, ...request.query });
      return sendPage(request, reply, page);
    },
  );
}
