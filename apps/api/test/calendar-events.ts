import ICAL from 'ical.js';

/**
 * A calendar feed's events as an independent parser (ical.js) reads them, as a calendar app
 * would: each VEVENT's UID, summary, SEQUENCE, STATUS, start and end (ISO, in UTC), with what
 * `more` reads from the VEVENT (its alarms, its description). For the API's feed tests; the
 * e2e journey can import it as it imports `findFreePort`.
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
