import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { itemErrorCodes, type PatientKind } from '@portal/shared/patient-kind';
import type { Db } from '../db/client.ts';
import { ZApiError } from '../lib/api-error-schema.ts';
import { createItemService } from '../patient-owned/items.ts';
import type {
  ClinicalStore,
  ClinicalTable,
  ClinicalValues,
} from '../patient-owned/items.repository.ts';
import { patientResourceRoutes } from '../patient-owned/patient-resource.routes.ts';
import type { ClinicalKind, ClinicalRefusals } from '../patient-owned/refusals.ts';

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * The routes of a kind with no rules of its own beyond the shared ones (owner scoping, audit,
 * `If-Match`): list, create, read and replace under /api/records/patients/{id}/<segment>, the
 * stored values being the validated input as it is. Their OpenAPI summaries are written from
 * the kind's words.
 */
export function simpleKindRoutes<
  Table extends ClinicalTable,
  Item extends z.ZodType<{ _id: string; patientId: string; updatedAt: string }>,
  Input extends z.ZodType,
  Query extends z.ZodType<{ limit: number; cursor?: string; status?: string }>,
>({
  shared,
  store,
  item,
  input,
  listQuery,
  toApi,
}: {
  shared: PatientKind;
  store: ClinicalStore<Table>;
  item: Item;
  input: Input;
  listQuery: Query;
  toApi: (row: Table['$inferSelect']) => z.infer<Item>;
}) {
  const { noun, segment } = shared;
  const changed = itemErrorCodes(shared.errorPrefix).changed;
  return (app: FastifyInstance, { db, refusals }: { db: Db; refusals: ClinicalRefusals }) => {
    const service = createItemService<Table, z.infer<Item>, z.infer<Input>>({
      db,
      kind: shared.kind as ClinicalKind,
      store,
      refusals,
      toApi,
      toStored: (values) => values as ClinicalValues<Table>,
    });
    patientResourceRoutes(app, {
      kind: shared.kind,
      segment,
      item,
      input,
      listQuery,
      staleAnswer: 'a changed record then answers 409',
      summaries: {
        list: `One of my patients' ${segment}, newest first; paged by \`Link: <…>; rel="next"\`, with \`X-Total-Count\``,
        create: `Record ${article(noun)} ${noun} of one of my patients`,
        read: `One ${noun} of one of my patients, with its \`ETag\``,
        update: `Replace ${article(noun)} ${noun}; with \`If-Match\`, 409 \`${changed}\` if it changed meanwhile`,
      },
      conflicts: { update: { 409: ZApiError } },
      service,
    });
  };
}
