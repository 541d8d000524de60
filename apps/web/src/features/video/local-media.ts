/** Why this side sends less than camera and microphone. */
export type MediaProblem = 'refused' | 'noCamera' | 'unavailable';

export interface DeviceChoice {
  deviceId: string;
  label: string;
}

export interface Devices {
  cameras: DeviceChoice[];
  microphones: DeviceChoice[];
}

/** What the browser's refusal means for the reader. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'unavailable';
}

/** Camera and microphone, or the microphone alone, from the chosen devices if any. */
export function openLocalMedia({
  isAudioOnly,
  cameraId,
  microphoneId,
}: {
  isAudioOnly: boolean;
  cameraId?: string;
  microphoneId?: string;
}): Promise<MediaStream> {
  const device = (id: string | undefined) => (id ? { deviceId: { exact: id } } : true);
  return navigator.mediaDevices.getUserMedia({
    audio: device(microphoneId),
    video: isAudioOnly ? false : device(cameraId),
  });
}

/**
 * The cameras and microphones to choose from. Labels are empty until the page may use a device;
 * those get a numbered name from `unnamed`.
 */
export async function listDevices(
  unnamed: (kind: 'camera' | 'microphone', number: number) => string,
): Promise<Devices> {
  const all = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  const of = (kind: MediaDeviceKind, name: 'camera' | 'microphone') =>
    all
      .filter((device) => device.kind === kind && device.deviceId)
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label || unnamed(name, index + 1),
      }));
  return { cameras: of('videoinput', 'camera'), microphones: of('audioinput', 'microphone') };
}

export function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
