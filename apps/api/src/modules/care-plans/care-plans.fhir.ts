import type { TMyCarePlan } from '@portal/shared/my-health';
import type { CarePlanRow } from '../../db/schema/care-plans.ts';
import type { ExportingPractitioner, FhirParty } from '../appointments/appointments.fhir.ts';
import type { FhirEntry, FhirResource } from '../patients/patients.fhir.ts';
import { toApiCarePlan } from './care-plans.service.ts';

/** FHIR's CarePlan.status codes for ours (request-status value set). */
const STATUS = { active: 'active', 'on-hold': 'on-hold', completed: 'completed' } as const;
/**
 * An activity's status (CarePlanActivityStatus) as its plan's says: what the practitioner
 * recorded, never a state the portal's tracking (Today, reminders, marks) would add.
 */
const ACTIVITY_STATUS = {
  active: 'scheduled',
  'on-hold': 'on-hold',
  completed: 'completed',
} as const;

/**
 * One care plan as a FHIR R4 CarePlan: goals as contained Goal resources (CarePlan.goal is a
 * reference), each activity a detail whose timing is the day, or the RRULE as text (FHIR's
 * Timing cannot say every RRULE) starting on that day. The plan is the practitioner's record
 * and is exported the same whether or not they are a premium member (a refund ends Today and
 * the reminders, not the record): its status is the one they set. Marks, due days and
 * reminders are the portal's tracking, not part of the plan, and are not exported.
 */
export function toFhirCarePlan(row: CarePlanRow, practitioner: ExportingPractitioner): FhirEntry {
  const plan = toApiCarePlan(row);
  const subject = { reference: `urn:uuid:${plan.patientId}`, type: 'Patient' };
  const goals = plan.goals.map((goal) => ({
    resourceType: 'Goal',
    id: `goal-${goal.id}`,
    lifecycleStatus: plan.status === 'completed' ? 'completed' : 'active',
    description: { text: goal.text },
    subject,
    ...(goal.targetDate && { target: [{ dueDate: goal.targetDate }] }),
  }));
  const resource: FhirResource = {
    resourceType: 'CarePlan',
    id: plan._id,
    meta: { lastUpdated: plan.updatedAt },
    ...(goals.length > 0 && { contained: goals }),
    status: STATUS[plan.status],
    intent: 'plan',
    title: plan.title,
    subject,
    created: plan.createdAt,
    author: { display: practitioner.name },
    ...(goals.length > 0 && { goal: goals.map((goal) => ({ reference: `#${goal.id}` })) }),
    ...(plan.activities.length > 0 && {
      activity: plan.activities.map((activity) => ({
        detail: {
          status: ACTIVITY_STATUS[plan.status],
          description: activity.title,
          ...(activity.rrule
            ? {
                scheduledTiming: {
                  event: [activity.start],
                  code: { text: `RRULE:${activity.rrule.replace(/^RRULE:/i, '')}` },
                },
              }
            : { scheduledPeriod: { start: activity.start, end: activity.start } }),
        },
      })),
    }),
  };
  return { fullUrl: `urn:uuid:${plan._id}`, resource };
}

/** An activity's status for a linked patient: today's occurrence as they marked it. */
const TODAY_STATUS = { due: 'scheduled', done: 'completed', skipped: 'cancelled' } as const;

/**
 * An active care plan as a linked patient sees it: its title and its activities, each with
 * today's occurrence (on the practice's clock) as its period and the patient's mark as its
 * status; never the goals or the recurrence rules, which stay the practitioner's working tools.
 */
export function toFhirCarePlanView(
  plan: TMyCarePlan,
  { patientId, practitioner }: { patientId: string; practitioner: FhirParty },
): FhirEntry {
  const resource: FhirResource = {
    resourceType: 'CarePlan',
    id: plan._id,
    status: STATUS.active,
    intent: 'plan',
    title: plan.title,
    subject: { reference: `urn:uuid:${patientId}`, type: 'Patient' },
    author: {
      reference: `urn:uuid:${practitioner.id}`,
      type: 'Practitioner',
      display: practitioner.name,
    },
    ...(plan.activities.length > 0 && {
      activity: plan.activities.map((activity) => ({
        id: activity._id,
        detail: {
          status: activity.todayOccurrence
            ? TODAY_STATUS[activity.todayOccurrence.state]
            : ACTIVITY_STATUS.active,
          description: activity.title,
          ...(activity.todayOccurrence && {
            scheduledPeriod: {
              start: activity.todayOccurrence.date,
              end: activity.todayOccurrence.date,
            },
          }),
        },
      })),
    }),
  };
  return { fullUrl: `urn:uuid:${plan._id}`, resource };
}
