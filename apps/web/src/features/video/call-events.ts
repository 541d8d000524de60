import type { StreamEvent } from '../../lib/sse/event-stream.ts';
import type { CallEvent, SignalType, VideoRole } from './video-types.ts';

const ROLES: readonly string[] = ['practitioner', 'patient'] satisfies VideoRole[];
const SIGNALS: readonly string[] = [
  'offer',
  'answer',
  'candidate',
  'media',
  'leave',
] satisfies SignalType[];

const isRole = (value: unknown): value is VideoRole =>
  typeof value === 'string' && ROLES.includes(value);

function dataOf(event: StreamEvent): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One event of the call's stream, or undefined for one this screen does not know. */
export function callEventOf(event: StreamEvent): CallEvent | undefined {
  const data = dataOf(event);
  switch (event.type) {
    case 'peer':
      return (data.state === 'joined' || data.state === 'left') && isRole(data.role)
        ? {
            type: 'peer',
            state: data.state,
            role: data.role,
            session: typeof data.session === 'string' ? data.session : null,
          }
        : undefined;
    case 'signal':
      return isRole(data.from) && typeof data.type === 'string' && SIGNALS.includes(data.type)
        ? {
            type: 'signal',
            from: data.from,
            signal: data.type as SignalType,
            payload: data.payload,
          }
        : undefined;
    case 'ended':
      return { type: 'ended', by: isRole(data.by) ? data.by : null };
    case 'replaced':
    case 'expired':
      return { type: event.type };
    default:
      return undefined;
  }
}
