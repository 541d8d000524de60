import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import type { CallState } from './call-session.ts';
import type { MediaState } from './video-types.ts';

/** A name inside a sentence, isolated so a Latin name keeps its order in Arabic and back. */
export const named = (name: string) => `\u2068${name}\u2069`;

/** What changed on the other side, in words: shown beside the video and read out politely. */
export function peerMediaText(
  peer: MediaState,
  peerName: string,
  t: ReturnType<typeof useTranslation>['t'],
): { icon: 'microphone-off' | 'camera-off'; text: string }[] {
  return [
    ...(peer.audio
      ? []
      : [{ icon: 'microphone-off' as const, text: t('peer.muted', { name: named(peerName) }) }]),
    ...(peer.video
      ? []
      : [{ icon: 'camera-off' as const, text: t('peer.cameraOff', { name: named(peerName) }) }]),
  ];
}

/** Reads out the other side's mute and camera as they change during the call. */
export function usePeerAnnouncements(state: CallState, peerName: string): void {
  const { t } = useTranslation('video');
  const last = useRef<MediaState>(state.peer);
  const { audio, video } = state.peer;
  useEffect(() => {
    const before = last.current;
    last.current = { audio, video };
    if (before.audio !== audio)
      announce(t(audio ? 'peer.unmuted' : 'peer.muted', { name: named(peerName) }));
    if (before.video !== video)
      announce(t(video ? 'peer.cameraOn' : 'peer.cameraOff', { name: named(peerName) }));
  }, [audio, video, peerName, t]);
}
