import type { TAuditAction } from '@portal/shared/audit';
import { allergiesMetBy, type AllergyMatch } from '@portal/shared/drug-class-match';
import { DRUG_CLASSES } from '@portal/shared/drug-classes';
import { ERRORS } from '@portal/shared/errors';
import type { TAllergyWarning } from '@portal/shared/prescription';
import { and, eq } from 'drizzle-orm';
import { allergies } from '../../db/schema/clinical.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import type { Actor, ClinicalAuditEntry, ClinicalRefusals } from '../../patient-owned/refusals.ts';

/** More active allergies than any patient has; bounds the read. */
const ALLERGIES_READ_MAX = 1000;

/** One English sentence per allergy met, for the warning's `message` (the web words its own). */
function warningSentence(
  medication: string,
  substance: string,
  { level, drugClass }: AllergyMatch,
) {
  const memberOf = DRUG_CLASSES.find((c) => c.code === drugClass)?.memberOf;
  if (!memberOf) return `Allergy: ${substance}.`;
  const sentence = `${medication} is ${memberOf}; the patient is allergic to ${substance}.`;
  return level === 'caution' ? `${sentence} Cross-reactivity is possible.` : sentence;
}

/**
 * The allergy warning: a prescription whose medication meets one of the patient's active
 * allergies (by drug class, cross-reactive class or the substance's words: drug-class-match.ts
 * in the shared package) is refused with 409 `ALLERGY_WARNING` naming them, unless the
 * prescriber acknowledged it; the acknowledgement is then one `acknowledge` event per allergy
 * in the audit trail, in the same transaction as the prescription.
 */
export async function checkAllergies({
  tx,
  refusals,
  actor,
  action,
  scope,
  medication,
  isAcknowledged,
  prescriptionId,
}: {
  tx: DbOrTx;
  refusals: ClinicalRefusals;
  actor: Actor;
  action: TAuditAction;
  scope: { ownerId: string; patientId: string };
  medication: string;
  isAcknowledged: boolean;
  prescriptionId: string | null;
}): Promise<
  { refuse: () => Promise<never> } | { events: (prescriptionId: string) => ClinicalAuditEntry[] }
> {
  const active = await tx
    .select({
      id: allergies.id,
      substance: allergies.substance,
      reaction: allergies.reaction,
      severity: allergies.severity,
    })
    .from(allergies)
    .where(
      and(
        eq(allergies.ownerId, scope.ownerId),
        eq(allergies.patientId, scope.patientId),
        eq(allergies.status, 'active'),
      ),
    )
    .limit(ALLERGIES_READ_MAX);
  const met = allergiesMetBy(medication, active);
  if (met.length === 0) return { events: () => [] };
  if (isAcknowledged) {
    return {
      events: (id) =>
        met.map(({ allergy }) => ({
          action: 'acknowledge' as const,
          outcome: 'success' as const,
          patientId: scope.patientId,
          subject: { kind: 'prescription' as const, id },
          related: { kind: 'allergy' as const, id: allergy.id },
        })),
    };
  }
  return {
    refuse: () => {
      const warned: TAllergyWarning['allergies'] = met.map(({ allergy, match }) => ({
        allergyId: allergy.id,
        substance: allergy.substance,
        reaction: allergy.reaction,
        severity: allergy.severity as TAllergyWarning['allergies'][number]['severity'],
        ...match,
      }));
      const sentences = met.map(({ allergy, match }) =>
        warningSentence(medication, allergy.substance, match),
      );
      return refusals.refuse(
        actor,
        {
          action,
          outcome: 'conflict',
          patientId: scope.patientId,
          subject: auditRecord('prescription', prescriptionId),
        },
        new AppError('ALLERGY_WARNING', {
          message: [ERRORS.ALLERGY_WARNING.message, ...sentences].join(' '),
          details: { allergies: warned },
        }),
      );
    },
  };
}
