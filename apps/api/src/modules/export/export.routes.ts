import { Readable } from 'node:stream';
import { API_KINDS } from '../../kinds/registry.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPatientExportQuery } from '@portal/shared/patient';
import { ZDocument } from '../../lib/response-schemas.ts';
import { createPractitionerEntries, toFhirAppointment } from '../appointments/appointments.fhir.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { csvChunks } from '../patients/patients.csv.ts';
import { fhirBundleChunks, fhirPatientEntries } from '../patients/patients.fhir.ts';
import { toFhirVisitEntries } from '../visits/visits.fhir.ts';
import type { ExportService } from './export.service.ts';

/**
 * The practitioner's export of every kind, under /api/records/patients (HTTP only). It
 * gathers every kind, so it is a module of its own: the kinds depend on patients, never on it.
 */
export function exportRoutes(app: FastifyInstance, { exporter }: { exporter: ExportService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  typed.get(
    '/api/records/patients/export',
    {
      schema: {
        tags,
        summary:
          'Export all my patients: `format=fhir` a FHIR R4 Bundle (collection) of Patient, Condition and Observation resources, then my appointments as Appointment resources (status booked, arrived, fulfilled, cancelled or noshow; the Patient and me, a Practitioner, as participants), then my visits as Encounter resources (finished once signed) each with its vital-sign Observations (LOINC 85354-9 blood pressure panel, 8867-4, 8310-5, 29463-7, 8302-2, 39156-5, 2708-6), then ' +
          API_KINDS.map(
            ({ shared, fhirType }) => `my patients’ ${shared.segment} as ${fhirType}`,
          ).join(', ') +
          ' resources, then the correction requests of people linked to my patients as Task resources (code `change`, intent `proposal`, status requested, completed when accepted or rejected when declined, the answer as a note); `format=csv` CSV of the patients with a header row',
        querystring: ZPatientExportQuery,
        produces: ['application/fhir+json', 'text/csv'],
        response: { 200: ZDocument('The export file, streamed') },
      },
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.identity?.uid ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const exported = await exporter.exportAll({ actor: await actorOf(request) });
      const day = now.toISOString().slice(0, 10);
      if (request.query.format === 'csv') {
        void reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="patients-${day}.csv"`);
        return reply.send(Readable.from(csvChunks(exported.patients)));
      }
      void reply
        .type('application/fhir+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="patients-${day}.fhir.json"`);
      const practitionerEntries = createPractitionerEntries(exported.practitioner);
      return reply.send(
        Readable.from(
          fhirBundleChunks(
            [
              fhirPatientEntries(exported.patients, now),
              practitionerEntries(exported.appointments, toFhirAppointment),
              practitionerEntries(exported.visits, toFhirVisitEntries),
              exported.clinical,
              exported.corrections,
            ],
            now,
          ),
        ),
      );
    },
  );
}
