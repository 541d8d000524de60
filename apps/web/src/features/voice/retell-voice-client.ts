import { RetellWebClient } from 'retell-client-js-sdk';
import type { VoiceClient, VoiceClientEvent, VoiceClientEvents } from './voice-client-types.ts';

/** The microphone a call asks for: echo cancellation, noise suppression, auto gain, mono. */
export const MICROPHONE_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  channelCount: 1,
} as const satisfies MediaTrackConstraints;

/** The parts of the SDK's (private) LiveKit room this wrapper listens to. */
interface RoomEvents {
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * The Retell implementation of `VoiceClient`. The SDK already captures with the constraints
 * above (plus the chosen devices) and ends the call when the room disconnects; this wrapper
 * also ends it when the agent (the `server` participant) leaves or the microphone fails
 * mid-call, which the SDK alone would ignore.
 */
export function createRetellVoiceClient(sdk: RetellWebClient = new RetellWebClient()): VoiceClient {
  sdk.on('call_started', () => {
    const room = (sdk as unknown as { room?: RoomEvents }).room;
    room?.on('participantDisconnected', (participant: { identity?: string }) => {
      if (participant?.identity === 'server') sdk.stopCall();
    });
    room?.on('mediaDevicesError', (error: unknown) => {
      sdk.emit('error', error);
      sdk.stopCall();
    });
    // Playback may need the user's gesture; the press that started the call usually counts.
    sdk.startAudioPlayback().catch(() => {});
  });

  return {
    async requestMicrophone({ captureDeviceId } = {}) {
      if (!navigator.mediaDevices?.getUserMedia)
        throw new DOMException('This page cannot use a microphone.', 'NotSupportedError');
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: {
          ...MICROPHONE_CONSTRAINTS,
          ...(captureDeviceId && { deviceId: { exact: captureDeviceId } }),
        },
      });
      // Only the permission is needed now; the SDK opens its own track when the call starts.
      for (const track of stream.getTracks()) track.stop();
    },
    startCall({ accessToken, captureDeviceId, playbackDeviceId }) {
      return sdk.startCall({
        accessToken,
        ...(captureDeviceId && { captureDeviceId }),
        ...(playbackDeviceId && { playbackDeviceId }),
      });
    },
    stopCall: () => sdk.stopCall(),
    mute: () => sdk.mute(),
    unmute: () => sdk.unmute(),
    on<E extends VoiceClientEvent>(event: E, handler: (...args: VoiceClientEvents[E]) => void) {
      const listener = handler as (...args: unknown[]) => void;
      sdk.on(event, listener);
      return () => {
        sdk.off(event, listener);
      };
    },
  };
}
