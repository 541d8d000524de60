import {
  CORRECTION_MESSAGES,
  type TCorrection,
  type TCorrectionAbout,
  type TCorrectionRequestBody,
} from '@portal/shared/correction';
import { patientKind } from '@portal/shared/patient-kinds';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import type { CorrectionService } from '../corrections/corrections.service.ts';
import { getLinkedPatient, type LinkedPatient } from './linked-patient.ts';
import { createMyScreens } from './my-health.screens.ts';
import {
  MY_KIND_SEGMENTS,
  type MyKindSegment,
  type MyPlace,
  type MyViewDeps,
} from './my-health.service.ts';

/**
 * A linked person's correction requests: through the link gate, pointing only at what that
 * person's own screens show of the record (so a request cannot probe for a draft visit, a
 * trashed item or another patient's), stored and answered by the corrections module.
 */
export function createMyCorrectionService({
  db,
  now = systemClock,
  links,
  corrections,
}: MyViewDeps & { corrections: CorrectionService }) {
  const { views, carePlans } = createMyScreens({ db, now, links });

  /** The ids of one kind of item the person's screens show, read as the screens read them. */
  async function visibleIds(link: LinkedPatient, kind: TCorrectionAbout['kind']) {
    switch (kind) {
      case 'patient':
        return [link.patientId];
      case 'appointment': {
        const { upcoming, past } = await views.appointments(link);
        return [...upcoming, ...past].map((item) => item._id);
      }
      case 'visit':
        return (await views.visits(link)).map((item) => item._id);
      case 'carePlan':
        return (await carePlans.readCarePlans(link)).map((item) => item._id);
      default: {
        const segment = patientKind(kind).segment as MyKindSegment;
        if (!MY_KIND_SEGMENTS.includes(segment)) return [];
        const items = await views.kindItems(link, segment);
        return items.map((item) => String((item as { _id: unknown })._id));
      }
    }
  }

  async function isVisible(link: LinkedPatient, about: TCorrectionAbout | null) {
    if (!about || about.kind === 'patient') return true;
    const ids = await visibleIds(link, about.kind);
    return ids.some((id) => id.toLowerCase() === about.id!.toLowerCase());
  }

  return {
    async requestCorrection({
      input,
      logMailError,
      ...place
    }: MyPlace & {
      input: TCorrectionRequestBody;
      logMailError: (error: unknown) => void;
    }): Promise<TCorrection> {
      const link = await getLinkedPatient(db, { ...place, action: 'request_correction' });
      if (!(await isVisible(link, input.about))) {
        await insertActorAuditEvents(db, place.actor, [
          { patientId: link.patientId, action: 'request_correction', outcome: 'invalid' },
        ]);
        throw new AppError('VALIDATION_FAILED', {
          fieldErrors: { about: CORRECTION_MESSAGES.aboutInvalid },
        });
      }
      return corrections.requestCorrection({ actor: place.actor, link, input, logMailError });
    },

    /** Every request on the record, whoever of its linked people asked, newest first. */
    async findCorrections(place: MyPlace): Promise<{ items: TCorrection[] }> {
      const link = await getLinkedPatient(db, { ...place, action: 'list' });
      const items = await corrections.readCorrections(link);
      await insertActorAuditEvents(db, place.actor, [
        { patientId: link.patientId, action: 'list', outcome: 'success' },
      ]);
      return { items };
    },
  };
}

export type MyCorrectionService = ReturnType<typeof createMyCorrectionService>;
