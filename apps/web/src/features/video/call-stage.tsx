import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../ui/icon.tsx';
import type { CallState } from './call-session.ts';
import { named, peerMediaText } from './peer-announcements.ts';
import styles from './video.module.css';

/** A video element showing `stream` (the element's `srcObject` is no attribute React sets). */
function StreamVideo({
  stream,
  isMuted,
  className,
}: {
  stream: MediaStream | null;
  isMuted: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  // Decorative for assistive technology: the figure's caption and the status line say who it is.
  return (
    <video
      ref={ref}
      className={className}
      autoPlay
      playsInline
      muted={isMuted}
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}

/**
 * The other side's video (or, before they join, the waiting text) and this side's preview, with
 * the other side's mute and camera and the connection's quality said in words.
 */
export function CallStage({ state, peerName }: { state: CallState; peerName: string }) {
  const { t } = useTranslation('video');
  const isWithPeer = state.phase === 'connecting' || state.phase === 'connected';
  const peerTexts = isWithPeer ? peerMediaText(state.peer, peerName, t) : [];
  return (
    <div className={styles.stage}>
      <figure className={styles.remote}>
        {isWithPeer ? (
          <StreamVideo stream={state.remoteStream} isMuted={false} className={styles.video} />
        ) : (
          <div className={styles.waitingPanel}>
            <p>
              {state.phase === 'waiting' ? t('waiting', { name: named(peerName) }) : t('joining')}
            </p>
            {state.phase === 'waiting' && <p className={styles.hint}>{t('waitingHint')}</p>}
          </div>
        )}
        <figcaption className={styles.caption}>
          <bdi>{peerName}</bdi>
        </figcaption>
      </figure>
      <figure className={styles.preview}>
        {state.has.video && state.sends.video ? (
          <StreamVideo stream={state.localStream} isMuted className={styles.video} />
        ) : (
          <p className={styles.previewOff}>{t('cameraOffSelf')}</p>
        )}
        <figcaption className={styles.caption}>{t('yourPreview')}</figcaption>
      </figure>
      <div className={styles.facts}>
        {peerTexts.map(({ icon, text }) => (
          <p key={icon} className={styles.peerState}>
            <Icon name={icon} size={18} />
            {text}
          </p>
        ))}
        {state.phase === 'connected' && state.quality && (
          <p className={styles.quality} data-quality={state.quality}>
            <span aria-hidden="true" className={styles.bars}>
              {{ good: '▮▮▮', fair: '▮▮▯', poor: '▮▯▯' }[state.quality]}{' '}
            </span>
            {t(`quality.${state.quality}`)}
          </p>
        )}
      </div>
    </div>
  );
}
