import ICAL from 'ical.js';

/**
 * A calendar feed's events as an independent parser (ical.js) reads them, as a calendar app
 * would: each VEVENT's UID, summary, SEQUENCE, STATUS, start and end (ISO, in UTC), with what
 * `more` reads from the VEVENT (its alarms, its description). Read by the API's feed tests and by
 * the calendar journey (e2e/appointments.spec.ts imports it, as e2e imports the API's
 * `findFreePort`; both packages depend on ical.js themselves).
 */
export function readCalendarEvents<T extends object>(
  body: string,
  more: (vevent: ICAL.Component) => T,
) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      ...more(vevent),
    };
  });
}
