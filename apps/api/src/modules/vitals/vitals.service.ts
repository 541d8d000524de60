import { VITALS_SERIES_MAX, type TVitalsSeries } from '@portal/shared/vitals';
import type { Db } from '../../db/client.ts';
import { findOwnLivePatientId } from '../patients/patients.repository.ts';
import { createVisitRefusals, type Actor } from '../visits/visits.refusals.ts';
import * as repository from './vitals.repository.ts';

/**
 * The vital-signs series of a patient (the vital-signs chart), read from the visits: owner-scoped
 * as they are (someone else's patient, one in the trash or not an id: the audited 404
 * `PATIENT_NOT_FOUND`), and every read is a `list` event in the visits' audit trail.
 */
export function createVitalsService({ db }: { db: Db }) {
  const { audit, refusePatient } = createVisitRefusals(db);

  return {
    async getVitalsSeries({
      actor,
      patientId,
    }: {
      actor: Actor;
      patientId: string;
    }): Promise<TVitalsSeries> {
      const id = await findOwnLivePatientId(db, { ownerId: actor.actorId, patientId });
      if (!id) return refusePatient(actor, 'list', patientId);
      const scope = { ownerId: actor.actorId, patientId: id };
      const [rows, total] = await Promise.all([
        repository.listVitals(db, { ...scope, limit: VITALS_SERIES_MAX }),
        repository.countVitals(db, scope),
      ]);
      await audit(db, actor, { action: 'list', outcome: 'success', patientId: id, visitId: null });
      return {
        points: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
        total,
      };
    },
  };
}

export type VitalsService = ReturnType<typeof createVitalsService>;
