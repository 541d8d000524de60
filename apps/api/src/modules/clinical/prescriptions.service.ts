import {
  PRESCRIPTION_DISPENSED_FIELDS,
  type TPrescription,
  type TPrescriptionData,
  type TPrescriptionStop,
} from '@portal/shared/prescription';
import { ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prescriptions, type PrescriptionRow } from '../../db/schema/clinical.ts';
import { AppError } from '../../lib/app-error.ts';
import { createItemService, type ItemChange, type WriteGuard } from '../../patient-owned/items.ts';
import type { Actor, ClinicalRefusals } from '../../patient-owned/refusals.ts';
import type { AnswerLinks } from '../../kinds/kind.ts';
import type { PrescriptionKeys } from '../../lib/prescription-keys.ts';
import { checkAllergies } from './prescriptions.allergy-check.ts';
import { issueVerification } from './prescriptions.verification.ts';
import {
  prescriptionStore,
  toApiPrescription,
  toStoredPrescription,
  type PrescriptionValues,
} from './prescriptions.fields.ts';
import { suggestMedications } from './prescriptions.repository.ts';

/** What a pharmacy hands out and labels: fixed once it is dispensed. */
const DISPENSED_FIELDS =
  PRESCRIPTION_DISPENSED_FIELDS satisfies readonly (keyof PrescriptionValues)[];

/**
 * Whether a replacement changes what was dispensed. Its status may still change (a course
 * completed), since that says whether the patient goes on, not what they were given.
 */
function changesDispensed(current: PrescriptionRow, input: TPrescriptionData): boolean {
  const next = toStoredPrescription(input);
  return DISPENSED_FIELDS.some((field) => next[field] !== current[field]);
}

/**
 * A patient's prescriptions: list, read, prescribe, replace and stop. Prescribing (or changing
 * the medication) meets the allergy warning; a stopped prescription is a closed record.
 */
export function createPrescriptionService({
  db,
  refusals,
  keys,
  links,
}: {
  db: Db;
  refusals: ClinicalRefusals;
  /** The keys of the verification tokens: a new prescription is given its token as it is written. */
  keys: PrescriptionKeys;
  links: AnswerLinks;
}) {
  const items = createItemService<typeof prescriptions, TPrescription, TPrescriptionData>({
    db,
    kind: 'prescription',
    store: prescriptionStore,
    refusals,
    toApi: (row) => toApiPrescription(row, links),
    toStored: toStoredPrescription,
    guard: async (step) => {
      const decided = await checkWrite(step);
      if ('refuse' in decided || step.current) return decided;
      return { ...decided, values: await issueVerification(keys, new Date()) };
    },
  });

  /** A stopped prescription is closed; a new or changed medication meets the allergy warning. */
  async function checkWrite({
    tx,
    actor,
    action,
    scope,
    input,
    current,
  }: Parameters<WriteGuard<PrescriptionRow, TPrescriptionData>>[0]) {
    /** A change the prescription's state refuses: audited as a conflict, nothing written. */
    const conflict = (
      record: PrescriptionRow,
      code: 'PRESCRIPTION_STOPPED' | 'PRESCRIPTION_DISPENSED_LOCKED',
    ) => ({
      refuse: () =>
        refusals.refuse(
          actor,
          {
            action,
            outcome: 'conflict',
            patientId: record.patientId,
            subject: { kind: 'prescription', id: record.id },
          },
          new AppError(code),
        ),
    });
    if (current?.status === 'stopped') return conflict(current, 'PRESCRIPTION_STOPPED');
    if (current?.dispensedAt && changesDispensed(current, input))
      return conflict(current, 'PRESCRIPTION_DISPENSED_LOCKED');
    // Only a changed medication meets the warning again: the dose of an acknowledged
    // prescription can be corrected without acknowledging anew.
    if (current && input.medication === current.medication) return { events: () => [] };
    return checkAllergies({
      tx,
      refusals,
      actor,
      action,
      scope,
      medication: input.medication,
      isAcknowledged: input.allergyAcknowledged,
      prescriptionId: current?.id ?? null,
    });
  }

  return {
    ...items,

    /** Stops a prescription with its reason; stopping a stopped one answers it unchanged. */
    stopPrescription({
      actor,
      patientId,
      id,
      input,
      ifMatch,
    }: ItemChange<TPrescriptionStop>): Promise<TPrescription> {
      return items.change({
        actor,
        action: 'stop',
        patientId,
        id,
        ifMatch,
        plan: async ({ scope, current, versions }) => ({
          write: async (writer) =>
            current!.status === 'stopped'
              ? current
              : prescriptionStore.update(writer, {
                  ...scope,
                  id: current!.id,
                  values: { status: 'stopped', stopReason: input.reason, stoppedAt: new Date() },
                  versions,
                  onlyIf: ne(prescriptions.status, 'stopped'),
                }),
        }),
      });
    },

    /** Medication names from the actor's own earlier prescriptions (audited as a list). */
    async suggestMedications({ actor, query }: { actor: Actor; query: string }) {
      const names = await suggestMedications(db, { ownerId: actor.actorId, query });
      await refusals.audit(db, actor, { action: 'list', outcome: 'success', patientId: null });
      return names;
    },
  };
}

export type PrescriptionService = ReturnType<typeof createPrescriptionService>;
