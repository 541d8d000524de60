import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TVideoRole } from '@portal/shared/video';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findSignal, type SignalRow } from './video.repository.ts';

/**
 * The live side of video visits on one instance: the open events streams of each call (one per
 * person: a second one replaces the first), and what the instances tell each other on channel
 * `video`. A NOTIFY payload holds ids and roles only, never a signal: offers and candidates
 * carry network addresses, so the instance that delivers a signal reads it from its row.
 */

/** One open events stream of a call. */
export interface CallConnection {
  room: string;
  userId: string;
  role: TVideoRole;
  send(event: { name: 'peer' | 'signal' | 'ended' | 'replaced'; data: unknown }): void;
  /** Ends the stream without telling the other side (replaced, ended, the instance stopping). */
  end(): void;
}

type VideoEvent =
  | { type: 'joined'; room: string; role: TVideoRole; userId: string; connectionId: string }
  | { type: 'present'; room: string; role: TVideoRole; to: string; connectionId: string }
  | { type: 'left'; room: string; role: TVideoRole; connectionId: string }
  | { type: 'signal'; room: string; role: TVideoRole; signalId: string }
  | { type: 'ended'; room: string; role: TVideoRole };

export const VIDEO_CHANNEL = 'video';

const otherRole = (role: TVideoRole): TVideoRole =>
  role === 'practitioner' ? 'patient' : 'practitioner';

const ROLES = new Set(['practitioner', 'patient']);
const TYPES = new Set(['joined', 'present', 'left', 'signal', 'ended']);

function parseEvent(payload: string): VideoEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (!TYPES.has(event.type as string) || !ROLES.has(event.role as string)) return null;
    const ids = [event.room, event.userId, event.connectionId, event.to, event.signalId];
    if (!ids.every((id) => id === undefined || (typeof id === 'string' && isUuid(id)))) return null;
    if (typeof event.room !== 'string') return null;
    const needsConnection = event.type !== 'signal' && event.type !== 'ended';
    if (needsConnection && typeof event.connectionId !== 'string') return null;
    return event as VideoEvent;
  } catch {
    return null;
  }
}

/**
 * The other side's presence as a stream tells it: `session` is the id of that side's stream, so
 * a page that reopened the call (a reload) is a new session, and a `left` of an older one is
 * stale.
 */
const presence = (state: 'joined' | 'left', role: TVideoRole, session: string) => ({
  name: 'peer' as const,
  data: { state, role, session },
});

/** What delivering a signal to the other side needs: the stored row, or the signal itself. */
type SignalSource = { signalId: string } | { signal: SignalRow };

export function createCallHub({
  db,
  notifications,
  log,
}: {
  db: Db;
  notifications: Notifications;
  log: FastifyBaseLogger;
}) {
  /** Each open stream by its id. */
  const connections = new Map<string, CallConnection>();

  const inRoom = (room: string, role?: TVideoRole) =>
    [...connections.entries()].filter(
      ([, connection]) =>
        connection.room === room && (role === undefined || connection.role === role),
    );

  const publish = (event: VideoEvent) =>
    notifications
      .publish(VIDEO_CHANNEL, JSON.stringify(event))
      .catch((error: unknown) => log.error({ err: error }, 'video event not published'));

  function endQuietly(id: string, connection: CallConnection) {
    connections.delete(id);
    connection.end();
  }

  /** Someone opened a stream of `room`: the same person's older streams are replaced. */
  function arrived(event: Extract<VideoEvent, { type: 'joined' }>, isLocal: boolean) {
    for (const [id, connection] of inRoom(event.room))
      if (connection.userId === event.userId && id !== event.connectionId) {
        connection.send({ name: 'replaced', data: {} });
        endQuietly(id, connection);
      }
    const others = inRoom(event.room, otherRole(event.role));
    for (const [, connection] of others)
      connection.send(presence('joined', event.role, event.connectionId));
    const [present] = others;
    if (!present) return;
    const [presentId] = present;
    if (isLocal)
      connections
        .get(event.connectionId)
        ?.send(presence('joined', otherRole(event.role), presentId));
    else
      void publish({
        type: 'present',
        room: event.room,
        role: otherRole(event.role),
        to: event.connectionId,
        connectionId: presentId,
      });
  }

  async function deliverSignal(room: string, from: TVideoRole, source: SignalSource) {
    const readers = inRoom(room, otherRole(from));
    if (readers.length === 0) return;
    const signal = 'signal' in source ? source.signal : await findSignal(db, source.signalId);
    if (!signal || signal.appointmentId !== room) return;
    for (const [, reader] of readers)
      reader.send({
        name: 'signal',
        data: { from: signal.fromRole, type: signal.type, payload: signal.payload ?? null },
      });
  }

  function ended(room: string, by: TVideoRole) {
    for (const [id, connection] of inRoom(room)) {
      if (connection.role !== by) connection.send({ name: 'ended', data: { by } });
      endQuietly(id, connection);
    }
  }

  function receive(event: VideoEvent) {
    switch (event.type) {
      case 'joined':
        return arrived(event, false);
      case 'present':
        return connections.get(event.to)?.send(presence('joined', event.role, event.connectionId));
      case 'left':
        for (const [, connection] of inRoom(event.room, otherRole(event.role)))
          connection.send(presence('left', event.role, event.connectionId));
        return;
      case 'signal':
        return void deliverSignal(event.room, event.role, { signalId: event.signalId }).catch(
          (error: unknown) => log.error({ err: error }, 'video signal not delivered'),
        );
      case 'ended':
        return ended(event.room, event.role);
    }
  }

  // Listening from the start, not from the first stream: a first stream's `joined` is answered
  // by the other instance's `present` at once, before a LISTEN sent with it would be in place.
  let unsubscribe: (() => void) | undefined = notifications.subscribe(VIDEO_CHANNEL, {
    onMessage: (payload) => {
      const event = parseEvent(payload);
      if (event) receive(event);
    },
    // A missed event cannot be replayed; the two sides meet again when one reconnects.
    onReset: () => {},
  });

  return {
    /**
     * Adds a stream of a call. The answer is called when the stream closes: unless it was ended
     * here (replaced, the call ended), the other side hears that this side left.
     */
    connect(connection: CallConnection): () => void {
      const connectionId = crypto.randomUUID();
      connections.set(connectionId, connection);
      const joined = {
        type: 'joined' as const,
        room: connection.room,
        role: connection.role,
        userId: connection.userId,
        connectionId,
      };
      arrived(joined, true);
      void publish(joined);
      return () => {
        if (!connections.delete(connectionId)) return;
        const left = {
          type: 'left' as const,
          room: connection.room,
          role: connection.role,
          connectionId,
        };
        receive(left);
        void publish(left);
      };
    },

    /** A stored signal: to the other side's streams here, and to the other instances. */
    signal(signal: SignalRow) {
      void deliverSignal(signal.appointmentId, signal.fromRole, { signal }).catch(
        (error: unknown) => log.error({ err: error }, 'video signal not delivered'),
      );
      void publish({
        type: 'signal',
        room: signal.appointmentId,
        role: signal.fromRole,
        signalId: signal.id,
      });
    },

    /** `by` left the call: the other side gets `ended`, and every stream of the call ends. */
    end(room: string, by: TVideoRole) {
      ended(room, by);
      void publish({ type: 'ended', room, role: by });
    },

    get connectionCount() {
      return connections.size;
    },

    /** Ends every stream and stops listening: the instance is stopping. */
    close() {
      for (const [id, connection] of connections) endQuietly(id, connection);
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

export type CallHub = ReturnType<typeof createCallHub>;
