import type { TCarePlan, TOccurrence } from '@portal/shared/care-plan';
import { nextOccurrenceAfter } from '@portal/shared/care-plan-rrule';
import { addDays, toWallTime } from '@portal/shared/zoned-time';

/** How far back an unmarked occurrence still counts as overdue, as on Today and the timeline. */
export const DUE_DAYS_BACK = 90;
/** The most marks a plan shows: its newest, so a long-running plan stays a few lines. */
export const RECENT_MARKS_MAX = 5;

/** Today on the practitioner's clock: the API counts due and overdue by the same zone. */
export const todayIn = (timeZone: string) => toWallTime(new Date(), timeZone).date;

/**
 * The days one plan's occurrences are asked for: from the oldest that can be overdue to one day
 * past today, so that if the server's today is already tomorrow (a zone changed in another tab)
 * its due day is still listed, and an activity occurring tomorrow needs no rule expansion here.
 */
export const occurrenceWindow = (today: string) => ({
  from: addDays(today, -DUE_DAYS_BACK),
  to: addDays(today, 1),
});

/**
 * A plan's occurrences in the window, as the screen shows them. The API's states decide what is
 * due (never a day it counts as still to come, which it would refuse to mark); each activity's
 * next day is its first upcoming one in the window, else the rule's first day after the window.
 * Only active plans come due: a plan on hold or completed keeps its marks and nothing else.
 */
export function planOccurrences({
  plan,
  occurrences,
  to,
}: {
  plan: Pick<TCarePlan, 'status' | 'activities'>;
  occurrences: readonly TOccurrence[];
  to: string;
}): { due: TOccurrence[]; recentMarks: TOccurrence[]; nextOn: Map<string, string> } {
  const isActive = plan.status === 'active';
  const due = isActive
    ? occurrences.filter((one) => one.state === 'due' || one.state === 'overdue')
    : [];
  const recentMarks = occurrences
    .filter((one) => one.state === 'done' || one.state === 'skipped')
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, RECENT_MARKS_MAX);
  const nextOn = new Map<string, string>();
  if (!isActive) return { due, recentMarks, nextOn };
  for (const activity of plan.activities) {
    const listed = occurrences.find(
      (one) => one.activityId === activity.id && one.state === 'upcoming',
    );
    const day =
      listed?.date ??
      nextOccurrenceAfter({ start: activity.start, rrule: activity.rrule, after: to });
    if (day) nextOn.set(activity.id, day);
  }
  return { due, recentMarks, nextOn };
}
