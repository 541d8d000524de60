import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { CallSession, CallState } from './call-session.ts';
import type { DeviceChoice } from './local-media.ts';
import styles from './video.module.css';

/**
 * Mute, camera off (toggle buttons: `aria-pressed` says whether each is on) and Leave, then the
 * choice of camera and microphone, which changes the preview and what the other side gets.
 */
export function CallControls({ state, session }: { state: CallState; session: CallSession }) {
  const { t } = useTranslation('video');
  const id = useId();
  return (
    <>
      <div role="group" aria-label={t('controls.label')} className={styles.controls}>
        {state.has.audio && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={!state.sends.audio}
            onClick={() => session.toggle('audio')}
          >
            <Icon name={state.sends.audio ? 'microphone' : 'microphone-off'} />
            {t('controls.mute')}
          </button>
        )}
        {state.has.video && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={!state.sends.video}
            onClick={() => session.toggle('video')}
          >
            <Icon name={state.sends.video ? 'camera' : 'camera-off'} />
            {t('controls.cameraOff')}
          </button>
        )}
        <Button variant="danger" className={styles.leave} onClick={() => void session.leave()}>
          {t('controls.leave')}
        </Button>
      </div>
      {(state.has.audio || state.has.video) && (
        <fieldset className={styles.devices}>
          <legend>{t('devices.title')}</legend>
          {state.has.video && (
            <DeviceSelect
              id={`${id}-camera`}
              label={t('devices.camera')}
              choices={state.devices.cameras}
              value={state.cameraId}
              onChoose={(deviceId) => void session.chooseDevice('camera', deviceId)}
            />
          )}
          {state.has.audio && (
            <DeviceSelect
              id={`${id}-microphone`}
              label={t('devices.microphone')}
              choices={state.devices.microphones}
              value={state.microphoneId}
              onChoose={(deviceId) => void session.chooseDevice('microphone', deviceId)}
            />
          )}
        </fieldset>
      )}
    </>
  );
}

function DeviceSelect({
  id,
  label,
  choices,
  value,
  onChoose,
}: {
  id: string;
  label: string;
  choices: DeviceChoice[];
  value: string;
  onChoose: (deviceId: string) => void;
}) {
  const { t } = useTranslation('video');
  return (
    <div className={styles.device}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={
          choices.some((choice) => choice.deviceId === value) ? value : (choices[0]?.deviceId ?? '')
        }
        disabled={choices.length === 0}
        onChange={(event) => onChoose(event.target.value)}
      >
        {choices.length === 0 && <option value="">{t('devices.none')}</option>}
        {choices.map((choice) => (
          <option key={choice.deviceId} value={choice.deviceId}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
