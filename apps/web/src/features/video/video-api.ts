import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import type { OutgoingSignal, VideoJoin } from './video-types.ts';

const videoPath = (appointmentId: string) =>
  `/appointments/${encodeURIComponent(appointmentId)}/video`;

/** The address of a call's event stream, read with fetch (call-events.ts). */
export const videoEventsUrl = (appointmentId: string) =>
  `${window.location.origin}/api${videoPath(appointmentId)}/events`;

/** The call screen tells every failure itself: the end screen, or a message in the call. */
export const videoApi = api.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    /** The room and the ICE servers; 404 for someone else's visit, 409 outside its window. */
    joinVideo: build.mutation<VideoJoin, string>({
      query: (appointmentId) => ({ url: videoPath(appointmentId), method: 'POST' }),
    }),
    /** One signal to the other side (204). */
    sendSignal: build.mutation<void, OutgoingSignal & { appointmentId: string }>({
      query: ({ appointmentId, type, payload }) => ({
        url: `${videoPath(appointmentId)}/signal`,
        method: 'POST',
        body: { type, payload },
      }),
    }),
  })),
});

export const { useJoinVideoMutation, useSendSignalMutation } = videoApi;
