import type { TAppointmentKind, TAppointmentStatus } from '@portal/shared/appointment';

/**
 * An iCalendar (RFC 5545) feed of a practitioner's appointments. Privacy first: the summary is
 * the patient's initials and the kind (the full name only if the practitioner asked for it), and
 * nothing else about the patient (no reason, note or diagnosis) is ever written.
 */
export interface FeedEvent {
  id: string;
  patientName: string;
  kind: TAppointmentKind;
  status: TAppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  updatedAt: Date;
}

/** A request waits for the practitioner's answer: tentative until confirmed. */
const FEED_STATUS: Record<TAppointmentStatus, 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'> = {
  requested: 'TENTATIVE',
  booked: 'CONFIRMED',
  arrived: 'CONFIRMED',
  fulfilled: 'CONFIRMED',
  'no-show': 'CONFIRMED',
  cancelled: 'CANCELLED',
};

const KIND_LABELS: Record<TAppointmentKind, string> = {
  'in-person': 'in person',
  video: 'video',
  phone: 'phone',
};

/** "Amina Yusuf" → "A.Y."; letters of any script, at most three. */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => [...word][0])
    .filter((letter): letter is string => letter !== undefined && /\p{L}/u.test(letter))
    .slice(0, 3);
  return initials.length ? `${initials.map((letter) => letter.toUpperCase()).join('.')}.` : '?';
}

/** UTC date-time form: 20260302T080000Z. */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * TEXT value escaping (RFC 5545 §3.3.11). A line break of any form becomes `\n`: a lone CR ends
 * a content line for many parsers, so a stored name holding one could start a property of its
 * own. Other control characters are not allowed in TEXT at all and are dropped (tab is).
 */
export function text(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[^\P{Cc}\t]/gu, '');
}

/** Content lines longer than 75 octets are folded (§3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  // Most lines are short: measuring them whole spares a walk over every character.
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFeed({
  events,
  reminderMinutes,
  reminderHours = null,
  isFullNames,
  host,
  now,
}: {
  events: FeedEvent[];
  reminderMinutes: number | null;
  /** The portal's own reminder, as a second alarm the calendar app shows too. */
  reminderHours?: number | null;
  isFullNames: boolean;
  /** The portal's host, making UIDs globally unique (`<id>@<host>`). */
  host: string;
  now: Date;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareBridge//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:CareBridge appointments',
  ];
  for (const event of events) {
    const who = isFullNames ? event.patientName : initialsOf(event.patientName);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${host}`,
      `DTSTAMP:${utc(now)}`,
      `LAST-MODIFIED:${utc(event.updatedAt)}`,
      `DTSTART:${utc(event.startsAt)}`,
      `DTEND:${utc(event.endsAt)}`,
      `SEQUENCE:${event.sequence}`,
      `STATUS:${FEED_STATUS[event.status]}`,
      `SUMMARY:${text(`${who} · ${KIND_LABELS[event.kind]}`)}`,
      'CLASS:PRIVATE',
      'TRANSP:OPAQUE',
    );
    if (event.status !== 'cancelled') {
      // The calendar's own alarm (reminderMinutes) and the portal's reminder (reminderHours).
      const alarms = [
        reminderMinutes !== null && { description: 'Appointment', trigger: `${reminderMinutes}M` },
        reminderHours !== null && {
          description: 'Appointment reminder',
          trigger: `${reminderHours}H`,
        },
      ];
      for (const alarm of alarms)
        if (alarm)
          lines.push(
            'BEGIN:VALARM',
            'ACTION:DISPLAY',
            `DESCRIPTION:${alarm.description}`,
            `TRIGGER:-PT${alarm.trigger}`,
            'END:VALARM',
          );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return icsDocument(lines);
}

/** Content lines (values already escaped with `text`) as one iCalendar object: folded, CRLF. */
export function icsDocument(lines: readonly string[]): string {
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
