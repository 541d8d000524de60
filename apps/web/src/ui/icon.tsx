import sprite from './icons.svg';

export type IconName =
  | 'menu'
  | 'close'
  | 'phone'
  | 'search'
  | 'globe'
  | 'chevron'
  | 'arrow'
  | 'pause'
  | 'play'
  | 'star'
  | 'check'
  | 'clock'
  | 'calendar'
  | 'home'
  | 'patients'
  | 'user'
  | 'login'
  | 'logout'
  | 'receipt'
  | 'pill'
  | 'support'
  | 'hospital'
  | 'clinic'
  | 'stethoscope'
  | 'facebook'
  | 'x'
  | 'linkedin'
  | 'whatsapp'
  | 'mail'
  | 'alert'
  | 'microphone'
  | 'microphone-off'
  | 'camera'
  | 'camera-off';

/**
 * A decorative icon from the shipped sprite (one cached file, coloured by `currentColor`).
 * Icons never carry meaning alone: the control around them has a text name.
 */
export function Icon({
  name,
  size = 20,
  direction,
  className,
}: {
  name: IconName;
  size?: number;
  /** For arrows: `forward` points to the reading direction's end, `backward` to its start. */
  direction?: 'forward' | 'backward';
  className?: string;
}) {
  const classes = [direction && `icon-${direction}`, className].filter(Boolean).join(' ');
  return (
    <svg
      width={size}
      height={size}
      className={classes || undefined}
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
